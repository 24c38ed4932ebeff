import { css } from 'lit';

/**
 * Rendered math in replies (adopted, with KaTeX's own stylesheet, by each shadow root that shows
 * math, once the renderer has loaded). Displayed math is centred and scrolls sideways when wider
 * than the reply (a phone); it is then reachable by keyboard (`tabindex="0"`). Colours follow the
 * text, so light and dark need nothing of their own. Math reads left to right in any language.
 *
 * A formula comes from the reply, so it must not draw as anything else: each piece of it (a
 * displayed formula's box, an inline formula's pieces, KaTeX's `.base` boxes, sized by its own
 * struts) clips what it paints to itself, so a raised, smashed, kerned or overlapped part cannot
 * paint over (or take the clicks of) another message or a control; nothing in it has a background
 * or a shadow, and it draws in the reply's colour only (colour commands and frame colours give way
 * to the text colour; a phantom stays invisible), so it cannot look like the person's bubble.
 */
export const mathStyles = css`
  .math-inline,
  .math-display {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .math-display {
    display: block;
    contain: paint;
    margin-block: 0 0.7em;
    padding-block: 2px;
    overflow-x: auto;
    overflow-y: hidden;
    max-inline-size: 100%;
    text-align: center;
    border-radius: 6px;
  }
  .math-display > .katex-display {
    margin: 0;
  }
  .math-display:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .math-inline .katex-html > *,
  .math-display .katex-html > * {
    contain: paint;
  }
  :is(.math-inline, .math-display) .katex * {
    background: none !important;
    box-shadow: none !important;
    outline: none !important;
  }
  :is(.math-inline, .math-display) .katex [style*='color']:not([style*='transparent']) {
    color: inherit !important;
    border-color: currentColor !important;
  }
  .math-error {
    color: var(--_muted);
    text-decoration: underline dotted;
    cursor: help;
    overflow-wrap: anywhere;
  }
  .math-over-budget {
    text-decoration: none;
    cursor: auto;
  }
  .math-note {
    font-style: italic;
    font-size: 0.9em;
  }
`;
