import { css } from 'lit';

/**
 * The page's CSS stops at the element. Shadow DOM keeps the page's selectors out, but inherited
 * properties cross into it: the text settings a page gives `body` (or `*`) would reach every view.
 * They are set anew on the shadow root's top-level elements, to the chat's own values. Not on
 * `:host`: a page rule that matches the element (`*`, `agent-chat`, `div > *`) beats a `:host` one,
 * and no page rule can match an element inside. `direction`, `visibility` and `pointer-events`
 * are left to inherit: they are how the page mirrors, hides or disables the chat. Theming goes
 * through the `--agent-chat-*` custom properties (which inherit) and `::part()`. The list holds
 * what pages set on `body` or `*` (Bootstrap, Tailwind's preflight, site themes); `font: initial`
 * takes every font sub-property (variants, feature and variation settings) back first.
 */
export const isolation = css`
  :host > * {
    box-sizing: border-box;
    font: initial;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.55;
    color: var(--_text);
    color-scheme: var(--_color-scheme);
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    text-rendering: auto;
    white-space: normal;
    text-wrap-style: auto;
    word-break: normal;
    overflow-wrap: normal;
    hyphens: manual;
    tab-size: 8;
    -webkit-text-size-adjust: auto;
    -webkit-font-smoothing: auto;
    -webkit-text-fill-color: currentcolor;
    -webkit-tap-highlight-color: initial;
    writing-mode: horizontal-tb;
    list-style: initial;
    quotes: auto;
    border-collapse: separate;
    border-spacing: 0;
    cursor: auto;
    caret-color: auto;
    accent-color: auto;
    user-select: text;
  }
`;
