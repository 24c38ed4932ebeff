/**
 * The marked extension for TeX math (used when the chat's `math` is on): each formula becomes a
 * placeholder `<span class="math-inline|math-display">` holding the formula as written (delimiters
 * included) as escaped text. The sanitizer keeps exactly these classes on a `span`; the math
 * renderer (`math-render.ts`, a chunk of its own) then replaces the text with math. Until it has
 * loaded, or if the formula has an error, the placeholder shows the source.
 */
import type { MarkedExtension, Tokens } from 'marked';
import { blockMathAt, inlineMathAt, nextBlockMathStart, nextMathStart } from './math-syntax.js';

interface MathToken extends Tokens.Generic {
  type: 'mathBlock' | 'mathInline';
  raw: string;
  source: string;
  display: boolean;
}

export const mathExtension: MarkedExtension = {
  extensions: [
    {
      name: 'mathBlock',
      level: 'block',
      start: (src: string) => nextBlockMathStart(src),
      tokenizer(src: string): MathToken | undefined {
        const found = blockMathAt(src);
        if (!found) return undefined;
        return { type: 'mathBlock', raw: found.raw, source: found.raw.trim(), display: true };
      },
      renderer: (token) => `${placeholder((token as MathToken).source, true)}\n`,
    },
    {
      name: 'mathInline',
      level: 'inline',
      start: (src: string) => nextMathStart(src),
      tokenizer(src: string): MathToken | undefined {
        const found = inlineMathAt(src);
        if (!found) return undefined;
        return { type: 'mathInline', raw: found.raw, source: found.raw, display: found.display };
      },
      renderer: (token) => placeholder((token as MathToken).source, (token as MathToken).display),
    },
  ],
};

function placeholder(source: string, display: boolean): string {
  return `<span class="${display ? 'math-display' : 'math-inline'}">${escapeText(source)}</span>`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
