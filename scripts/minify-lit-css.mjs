/**
 * Minifies the CSS of Lit's css`…` templates (whitespace and comments), which the JS minifier
 * leaves as written, and returns a source map of the change so the bundle's maps still point at
 * the right line and column of the source. Only templates without `$` (no `${…}`) are touched.
 *
 * Used by `vite.config.ts` as a plugin; `test/e2e/build.test.mjs` checks the map and that a build
 * prints no SOURCEMAP_BROKEN warning.
 */

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
 * @returns {{ code: string, map: { version: 3, sources: string[], sourcesContent: string[], names: string[], mappings: string } } | null}
 *   null when nothing changed
 */
export function minifyLitCssIn(code, id) {
  /** @type {{ start: number, end: number, text: string }[]} */
  const edits = [];
  for (const match of code.matchAll(/css`([^`$]*)`/g)) {
    const body = match[1];
    const text = minifyCss(body);
    const start = /** @type {number} */ (match.index) + 4;
    if (text !== body) edits.push({ start, end: start + body.length, text });
  }
  if (edits.length === 0) return null;
  const { code: out, mappings } = applyEdits(code, edits);
  return { code: out, map: { version: 3, sources: [id], sourcesContent: [code], names: [], mappings } };
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

const isWordChar = (/** @type {string | undefined} */ c) => c !== undefined && /[\w$]/.test(c);

/**
 * Replaces the given ranges (sorted, not overlapping) and maps the result back to `code`: text that
 * is kept gets a segment at every word start and punctuation character (so any token a later
 * transform maps lands on its own column), each replacement one segment at its start.
 * @param {string} code
 * @param {{ start: number, end: number, text: string }[]} edits
 */
export function applyEdits(code, edits) {
  /** @type {number[][][]} generated line → segments [generatedColumn, originalLine, originalColumn] */
  const lines = [[]];
  let out = '';
  let genColumn = 0;
  let line = 0;
  let column = 0;
  const mark = () => lines[lines.length - 1].push([genColumn, line, column]);
  /** Advances the original position over `text`; `generated` also advances the output position. */
  const walk = (/** @type {string} */ text, /** @type {boolean} */ generated) => {
    for (const c of text) {
      const units = c.length; // columns count UTF-16 code units
      if (c === '\n') {
        line += 1;
        column = 0;
        if (generated) {
          genColumn = 0;
          lines.push([]);
        }
      } else {
        column += units;
        if (generated) genColumn += units;
      }
    }
  };
  let position = 0;
  for (const { start, end, text } of [...edits, { start: code.length, end: code.length, text: '' }]) {
    for (let i = position; i < start; i++) {
      const c = code[i];
      if (!/\s/.test(c) && (i === position || !isWordChar(c) || !isWordChar(code[i - 1]))) mark();
      walk(c, true);
    }
    out += code.slice(position, start);
    if (text) mark();
    out += text;
    for (const c of text) {
      if (c === '\n') {
        genColumn = 0;
        lines.push([]);
      } else genColumn += c.length;
    }
    walk(code.slice(start, end), false);
    position = end;
  }
  return { code: out, mappings: encodeMappings(lines) };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** @param {number} value */
function vlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let encoded = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    encoded += BASE64[digit];
  } while (rest > 0);
  return encoded;
}

/** @param {number[][][]} lines segments [generatedColumn, originalLine, originalColumn], one source */
function encodeMappings(lines) {
  let previousLine = 0;
  let previousColumn = 0;
  return lines
    .map((segments) => {
      let previousGenerated = 0;
      return segments
        .map(([generated, line, column]) => {
          // Source index delta is always 0 ('A'): one source.
          const segment = vlq(generated - previousGenerated) + 'A' + vlq(line - previousLine) + vlq(column - previousColumn);
          previousGenerated = generated;
          previousLine = line;
          previousColumn = column;
          return segment;
        })
        .join(',');
    })
    .join(';');
}
