/**
 * Where TeX math is in markdown text: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed.
 * Pure (no DOM): the marked extension (`math-extension.ts`) asks it at each position.
 *
 * A `$` in prose is a dollar, as Pandoc reads it, with one more rule for prices:
 * - an opening `$` has a non-space right after it, and is not a price: `$5`, `$3.50`, `$1,000`,
 *   `$10k` followed by a space, punctuation or the end ("$5 and $10", "costs $3.50.");
 * - a closing `$` has a non-space right before it and no digit right after it;
 * - `\$` is an escaped dollar, inside math too; inline math does not cross a blank line.
 */

/** A formula found at the start of a text. */
export interface MathMatch {
  /** The markdown it was written as, delimiters included. */
  raw: string;
  /** The TeX between the delimiters. */
  tex: string;
  /** Displayed (its own centred line) rather than in the line of text. */
  display: boolean;
}

/** A number after a `$` that reads as a price: "$5", "$3.50", "$1,000", "$10k", "$2bn" before a space, punctuation or the end. */
const PRICE = /^\d[\d,.]*(?:[kKmMbB]|bn|mn)?(?=$|[\s.,;:!?)\]}'"/-])/;
const BLANK_LINE = /\n[ \t]*\n/;

/** Inline math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) at the very start of `src`, else undefined. */
export function inlineMathAt(src: string): MathMatch | undefined {
  if (src.startsWith('$$')) return between(src, '$$', '$$', true);
  if (src.startsWith('$')) return dollarMath(src);
  if (src.startsWith('\\(')) return between(src, '\\(', '\\)', false);
  if (src.startsWith('\\[')) return between(src, '\\[', '\\]', true);
  return undefined;
}

/**
 * Displayed math that is a block of its own at the start of `src`: `$$` or `\[` at the start of a
 * line (up to three spaces in), its closing delimiter ending a line, no blank line between.
 */
export function blockMathAt(src: string): MathMatch | undefined {
  const indent = /^ {0,3}/.exec(src)![0].length;
  const rest = src.slice(indent);
  const open = rest.startsWith('$$') ? '$$' : rest.startsWith('\\[') ? '\\[' : undefined;
  if (!open) return undefined;
  const found = between(rest, open, open === '$$' ? '$$' : '\\]', true);
  if (!found) return undefined;
  const after = /^[ \t]*(?:\n|$)/.exec(rest.slice(found.raw.length));
  if (!after) return undefined;
  return { ...found, raw: src.slice(0, indent + found.raw.length + after[0].length) };
}

/** Where inline math may start in `src` (a `$`, `\(` or `\[` that is not escaped), else undefined. */
export function nextMathStart(src: string): number | undefined {
  for (let at = 0; at < src.length; at++) {
    const char = src[at];
    if (char === '\\') {
      if (src[at + 1] === '(' || src[at + 1] === '[') return at;
      at++;
    } else if (char === '$') return at;
  }
  return undefined;
}

/** Where a displayed block may start: a line beginning (up to three spaces in) with `$$` or `\[`. */
export function nextBlockMathStart(src: string): number | undefined {
  const found = /^ {0,3}(?:\$\$|\\\[)/m.exec(src);
  return found?.index;
}

/** `$…$` by the dollar rules above. */
function dollarMath(src: string): MathMatch | undefined {
  const first = src[1];
  if (first === undefined || /\s/.test(first) || PRICE.test(src.slice(1))) return undefined;
  for (let at = 1; at < src.length; at++) {
    const char = src[at];
    if (char === '\\') {
      at++;
      continue;
    }
    if (char !== '$') continue;
    if (/\s/.test(src[at - 1]) || /\d/.test(src[at + 1] ?? '')) continue;
    const tex = src.slice(1, at);
    if (BLANK_LINE.test(tex)) return undefined;
    return { raw: src.slice(0, at + 1), tex, display: false };
  }
  return undefined;
}

/** From `open` to the first unescaped `close`, with something but space between and no blank line. */
function between(src: string, open: string, close: string, display: boolean): MathMatch | undefined {
  for (let at = open.length; at < src.length; at++) {
    if (src.startsWith(close, at)) {
      const tex = src.slice(open.length, at);
      if (tex.trim() === '' || BLANK_LINE.test(tex)) return undefined;
      return { raw: src.slice(0, at + close.length), tex, display };
    }
    if (src[at] === '\\') at++;
  }
  return undefined;
}

/** The TeX of a formula as written (`$x$`, `$$x$$`, `\(x\)`, `\[x\]`); text without delimiters is TeX as it is. */
export function texOf(source: string): string {
  const text = source.trim();
  for (const [open, close] of DELIMITERS) {
    if (text.length >= open.length + close.length && text.startsWith(open) && text.endsWith(close)) return text.slice(open.length, -close.length);
  }
  return text;
}

const DELIMITERS: [string, string][] = [
  ['$$', '$$'],
  ['\\[', '\\]'],
  ['\\(', '\\)'],
  ['$', '$'],
];
