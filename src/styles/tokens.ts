import { css } from 'lit';

/**
 * Public `--agent-chat-*` custom properties read once into private `--_*` ones at the element's
 * host. Nested components use only the private names, which they inherit. Colours default through
 * `light-dark()`, so `color-scheme` (set from the `theme` attribute) picks light or dark defaults.
 */
export const tokens = css`
  :host {
    /* Set on the host and (see isolation.ts) on the top-level elements inside it. */
    --_color-scheme: light dark;
    color-scheme: var(--_color-scheme);
    --_font: var(--agent-chat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-mono: var(--agent-chat-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_font-size: var(--agent-chat-font-size, 15px);
    --_bg: var(--agent-chat-color-background, light-dark(#ffffff, #17181c));
    --_surface: var(--agent-chat-color-surface, light-dark(#f4f5f7, #22242a));
    --_text: var(--agent-chat-color-text, light-dark(#1d1f24, #e8e9ec));
    --_muted: var(--agent-chat-color-text-muted, light-dark(#5d6270, #a3a8b5));
    --_border: var(--agent-chat-color-border, light-dark(#dcdfe5, #363a44));
    --_accent: var(--agent-chat-color-accent, light-dark(#2f5bd3, #7fa2ff));
    --_accent-text: var(--agent-chat-color-accent-text, light-dark(#ffffff, #0f1320));
    --_user-bg: var(--agent-chat-color-user-bubble, light-dark(#2f5bd3, #3b5fc4));
    --_user-text: var(--agent-chat-color-user-text, #ffffff);
    --_error: var(--agent-chat-color-error, light-dark(#b42318, #ff8a80));
    --_error-bg: var(--agent-chat-color-error-surface, light-dark(#fdecea, #3a1f1f));
    --_code-bg: var(--agent-chat-color-code-background, light-dark(#f0f2f5, #111216));
    /* Syntax colours (styles/code-highlight.ts), each ≥ 4.5:1 on the code background in both themes. */
    --_code-keyword: var(--agent-chat-code-keyword, light-dark(#a0208a, #e39cf5));
    --_code-string: var(--agent-chat-code-string, light-dark(#17703a, #8fd6a0));
    --_code-comment: var(--agent-chat-code-comment, light-dark(#636975, #9299a6));
    --_code-number: var(--agent-chat-code-number, light-dark(#a14800, #f2ad72));
    --_code-function: var(--agent-chat-code-function, light-dark(#2553b8, #8cb0ff));
    --_code-type: var(--agent-chat-code-type, light-dark(#0c6e7e, #62d0dc));
    --_code-attribute: var(--agent-chat-code-attribute, light-dark(#b02a37, #f59b8f));
    --_code-meta: var(--agent-chat-code-meta, light-dark(#7a5a00, #dcc46c));
    --_radius: var(--agent-chat-radius, 12px);
    --_space: var(--agent-chat-spacing, 12px);
    --_max-width: var(--agent-chat-max-width, 760px);
  }
  :host([theme='light']) {
    --_color-scheme: light;
  }
  :host([theme='dark']) {
    --_color-scheme: dark;
  }
`;

/** Shared resets for nested components: each is a block (its own styles may change that). */
export const base = css`
  :host {
    display: block;
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;
