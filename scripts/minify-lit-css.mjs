/**
 * Minifies the CSS of Lit's css`…` templates (whitespace and comments), which the JS minifier
 * leaves as written, and returns a source map of the change (magic-string) so the bundle's maps
 * still point at the right line and column of the source. Only templates without `$` (no `${…}`)
 * are touched.
 *
 * Used by `vite.config.ts` as a plugin; `test/e2e/build.test.mjs` checks the map and that a build
 * prints no SOURCEMAP_BROKEN warning.
 */
import MagicString from 'magic-string';

/** @param {string} css */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * @param {string} code
 * @param {string} id
 * @returns {{ code: string, map: import('magic-string').SourceMap } | null} null when nothing changed
 */
export function minifyLitCssIn(code, id) {
  const edited = new MagicString(code);
  for (const match of code.matchAll(/css`([^`$]*)`/g)) {
    const body = match[1];
    const text = minifyCss(body);
    const start = /** @type {number} */ (match.index) + 4;
    if (text !== body) edited.overwrite(start, start + body.length, text);
  }
  if (!edited.hasChanged()) return null;
  return { code: edited.toString(), map: edited.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
}

/** The Vite/Rolldown plugin. */
export const minifyLitCss = {
  name: 'minify-lit-css',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!/\/src\/.*\.ts$/.test(id.replace(/\\/g, '/')) || !code.includes('css`')) return null;
    return minifyLitCssIn(code, id);
  },
};
