import { css, unsafeCSS } from 'lit';

/**
 * The colour tokens: public `--agent-chat-NAME`, private `--_OWN`, light and dark defaults.
 * `user-text` is white in both schemes; the syntax colours (styles/code-highlight.ts) are each
 * ≥ 4.5:1 on the code background in both themes.
 */
export const COLOR_TOKENS = [
  ['color-background', 'bg', '#ffffff', '#17181c'],
  ['color-surface', 'surface', '#f4f5f7', '#22242a'],
  ['color-text', 'text', '#1d1f24', '#e8e9ec'],
  ['color-text-muted', 'muted', '#5d6270', '#a3a8b5'],
  ['color-border', 'border', '#dcdfe5', '#363a44'],
  ['color-accent', 'accent', '#2f5bd3', '#7fa2ff'],
  ['color-accent-text', 'accent-text', '#ffffff', '#0f1320'],
  ['color-user-bubble', 'user-bg', '#2f5bd3', '#3b5fc4'],
  ['color-user-text', 'user-text', '#ffffff', '#ffffff'],
  ['color-error', 'error', '#b42318', '#ff8a80'],
  ['color-error-surface', 'error-bg', '#fdecea', '#3a1f1f'],
  ['color-code-background', 'code-bg', '#f0f2f5', '#111216'],
  ['code-keyword', 'code-keyword', '#a0208a', '#e39cf5'],
  ['code-string', 'code-string', '#17703a', '#8fd6a0'],
  ['code-comment', 'code-comment', '#636975', '#9299a6'],
  ['code-number', 'code-number', '#a14800', '#f2ad72'],
  ['code-function', 'code-function', '#2553b8', '#8cb0ff'],
  ['code-type', 'code-type', '#0c6e7e', '#62d0dc'],
  ['code-attribute', 'code-attribute', '#b02a37', '#f59b8f'],
  ['code-meta', 'code-meta', '#7a5a00', '#dcc46c'],
] as const;

/*
 * A public colour that is not a colour (`--agent-chat-color-accent: 1`) falls back to its default.
 * Each colour is held in `--_agent-chat-OWN`, registered once per document as an inherited
 * `<color>` (registration is page-wide: a name of our own, not the `--_OWN` a page may use too).
 * The host sets the default (light-dark() resolved by the host's color-scheme); the top-level
 * elements inside set the page's value, where one that is no colour is invalid, so they inherit
 * the host's default. `--_OWN` reads the held colour on both. Where a name cannot be registered (no
 * CSS.registerProperty, or the name is taken: by a first copy of the script, or by the page) that
 * colour is read unregistered, as `var(--agent-chat-NAME, default)`. The initial value (light)
 * serves browsers without light-dark().
 */
let host = '';
let inside = '';
for (const [name, own, light, dark] of COLOR_TOKENS) {
  const held = `--_agent-chat-${own}`;
  const fallback = `light-dark(${light},${dark})`;
  try {
    CSS.registerProperty({ name: held, syntax: '<color>', inherits: true, initialValue: light });
    host += `${held}:${fallback};--_${own}:var(${held});`;
    inside += `${held}:var(--agent-chat-${name});--_${own}:var(${held});`;
  } catch {
    host += `--_${own}:var(--agent-chat-${name},${fallback});`;
  }
}

/**
 * Public `--agent-chat-*` custom properties read once into private `--_*` ones at the element's
 * host (colours as above). Nested components use only the private names, which they inherit.
 * Colours default through `light-dark()`, so `color-scheme` (set from the `theme` attribute) picks
 * light or dark defaults.
 */
export const tokens = css`
  :host {
    /* Set on the host and (see isolation.ts) on the top-level elements inside it. */
    --_color-scheme: light dark;
    color-scheme: var(--_color-scheme);
    --_font: var(--agent-chat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-mono: var(--agent-chat-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_font-size: var(--agent-chat-font-size, 15px);
    ${unsafeCSS(host)}
    --_radius: var(--agent-chat-radius, 12px);
    --_space: var(--agent-chat-spacing, 12px);
    --_max-width: var(--agent-chat-max-width, 760px);
  }
  :host > * {
    ${unsafeCSS(inside)}
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
