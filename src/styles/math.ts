import { css } from 'lit';

/**
 * Rendered math in replies (adopted, with KaTeX's own stylesheet, by each shadow root that shows
 * math, once the renderer has loaded). Displayed math is centred and scrolls sideways when wider
 * than the reply (a phone); it is then reachable by keyboard (`tabindex="0"`). Colours follow the
 * text, so light and dark need nothing of their own. Math reads left to right in any language.
 */
export const mathStyles = css`
  .math-inline,
  .math-display {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .math-display {
    display: block;
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
  .math-error {
    color: var(--_muted);
    text-decoration: underline dotted;
    cursor: help;
  }
`;
