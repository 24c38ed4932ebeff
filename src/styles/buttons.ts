import { css } from 'lit';

/*
 * Declarations to put first inside a rule (`.x { ${plainButton} padding: …; }`): the looks the
 * chat's buttons share. Each place adds its own size and fill after them. A css`` template with
 * `${…}` is not minified by the build (scripts/minify-lit-css.mjs), so the rules that use these
 * stay in small templates of their own.
 */

/** A bordered button in the chat's text colour and font. */
export const plainButton = css`
  font: inherit;
  border: 1px solid var(--_border);
  color: var(--_text);
  cursor: pointer;
`;

/** A small one on the surface colour (toolbars, "Show conversation"). */
export const smallButton = css`
  ${plainButton}
  font-size: 0.8em;
  border-radius: 6px;
  background: var(--_surface);
`;

/** The full-width header button of a disclosure card (tool cards, subagent activity). */
export const disclosureHeader = css`
  all: unset;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  cursor: pointer;
  font: inherit;
`;
