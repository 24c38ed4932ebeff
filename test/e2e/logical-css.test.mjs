/**
 * The chat mirrors in a right-to-left language because its CSS names no physical side: every
 * css`…` block under src/ is read and each declaration checked for a left or a right (margin-left,
 * inset: a b c d with different sides, text-align: right, a shadow cast sideways, translateX…).
 * What must stay physical is listed below with the reason. Reads the sources only (no build).
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Declarations that stay physical on purpose; each must still exist (else remove it here). */
const ALLOWED = [
  {
    file: 'src/agent-chat/floating.styles.ts',
    selector: /\.launcher|\.panel/,
    property: 'inset',
    why: '`position="bottom-right|bottom-left"` names a corner of the viewport, which stays where it is in a right-to-left page',
  },
];

/** Shorthands whose fourth value is the left side and second the right one. */
const FOUR_SIDES = new Set(['margin', 'padding', 'inset', 'border-width', 'border-style', 'border-color', 'scroll-margin', 'scroll-padding']);
/** Properties whose value may name a side. */
const SIDE_VALUES = new Set([
  'text-align',
  'text-align-last',
  'float',
  'clear',
  'justify-content',
  'justify-items',
  'justify-self',
  'background-position',
  'background-position-x',
  'object-position',
  'transform-origin',
  'caption-side',
]);

/** Splits `value` at top-level occurrences of `separator` (not inside parentheses). */
function splitTop(value, separator) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth === 0 && (separator === ' ' ? /\s/.test(char) : char === separator)) {
      if (current.trim()) parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const isZero = (token) => /^[-+]?0(\.0+)?([a-z%]+)?$/i.test(token);
const isLength = (token) => /^[-+]?(\d|\.\d)/.test(token) || /^(calc|var|min|max|clamp)\(/.test(token);

/** Why `property: value` (in a rule for `selector`) names a physical side, or undefined. */
export function physicalSide(property, value, selector = '') {
  const name = property.toLowerCase();
  const text = value.toLowerCase();
  if (/(^|-)(left|right)(-|$)/.test(name)) return `${name} is a physical property`;
  if (SIDE_VALUES.has(name) && /\b(left|right)\b/.test(text)) return `${name}: ${value} names a side`;
  if (FOUR_SIDES.has(name)) {
    const sides = splitTop(text, ' ');
    if (sides.length === 4 && sides[1] !== sides[3]) return `${name}: ${value} gives the left and right sides different values`;
  }
  if (name === 'border-radius') {
    const [horizontal] = text.split('/');
    const [a, b = a, c = a, d = b] = splitTop(horizontal, ' ');
    if (a !== b || c !== d) return `border-radius: ${value} rounds the left and right corners differently`;
  }
  if (name === 'box-shadow' || name === 'text-shadow') {
    for (const shadow of splitTop(text, ',')) {
      const offset = splitTop(shadow, ' ').find((token) => token !== 'inset' && isLength(token));
      if (offset && !isZero(offset)) return `${name}: ${value} casts a shadow sideways`;
    }
  }
  if (/translatex\(\s*(?!0[\s)a-z%]*\))/.test(text) || /translate\(\s*(?!0[\s,a-z%]*[,)])[^,)]+/.test(text)) return `${name}: ${value} moves sideways`;
  if (name === 'translate' && !isZero(splitTop(text, ' ')[0] ?? '0')) return `translate: ${value} moves sideways`;
  const mirrors = (name === 'scale' && /^-/.test(splitTop(text, ' ')[0] ?? '')) || /scalex\(\s*-/.test(text);
  if (mirrors && !selector.includes(':dir(')) return `${name}: ${value} mirrors outside a :dir() rule`;
  return undefined;
}

/** Every declaration of a CSS text with the selector (and at-rules) it sits in. */
export function declarationsOf(cssText) {
  const text = cssText.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [];
  const stack = [];
  let buffer = '';
  const flush = () => {
    for (const piece of buffer.split(';')) {
      const colon = piece.indexOf(':');
      if (colon <= 0) continue;
      const property = piece.slice(0, colon).trim();
      if (!/^-?[a-z][a-z-]*$/i.test(property)) continue;
      found.push({ selector: stack.join(' '), property, value: piece.slice(colon + 1).trim() });
    }
    buffer = '';
  };
  for (const char of text) {
    if (char === '{') {
      // What precedes the brace, after the last declaration, is the selector.
      const semicolon = buffer.lastIndexOf(';');
      const selector = buffer.slice(semicolon + 1).trim();
      buffer = buffer.slice(0, semicolon + 1);
      flush();
      stack.push(selector);
    } else if (char === '}') {
      flush();
      stack.pop();
    } else buffer += char;
  }
  flush();
  return found;
}

/** The css`…` templates of a source file, `${…}` parts left out, with the line each starts on. */
export function cssBlocksOf(source) {
  const blocks = [];
  for (const match of source.matchAll(/\bcss`((?:[^`\\]|\\.)*)`/g)) {
    const body = match[1].replace(/\$\{[^}]*\}/g, '');
    blocks.push({ line: source.slice(0, match.index).split('\n').length, text: body });
  }
  return blocks;
}

async function sourceFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') ? [full] : [];
    }),
  );
  return files.flat();
}

describe('logical CSS: the styles mirror in a right-to-left language', () => {
  it('the check itself finds every kind of physical side', () => {
    const flagged = (css) =>
      declarationsOf(css)
        .filter((d) => physicalSide(d.property, d.value, d.selector))
        .map((d) => d.property);
    assert.deepEqual(
      flagged(`.a { margin-left: 1px; padding-right: 2px; left: 0; border-top-right-radius: 3px; border-left: 1px solid; }
        .b { text-align: right; float: left; inset: 0 auto 0 8px; padding: 0 0 2px 8px; border-radius: 4px 4px 4px 0; }
        .c { box-shadow: 4px 0 16px black; transform: translateX(-50%); translate: 8px 0; scale: -1 1; }
        @media (min-width: 1px) { .d { margin: 1px 2px 3px 4px; } }`),
      [
        'margin-left',
        'padding-right',
        'left',
        'border-top-right-radius',
        'border-left',
        'text-align',
        'float',
        'inset',
        'padding',
        'border-radius',
        'box-shadow',
        'transform',
        'translate',
        'scale',
        'margin',
      ],
    );
    assert.deepEqual(
      flagged(`.a { margin: 4px 0; padding: 1px 2px 3px 2px; inset: 0; inset-inline-start: 0; border-end-end-radius: 4px; text-align: start; }
        .b { box-shadow: 0 6px 24px rgb(0 0 0 / 0.2), 0 0 0 3px color-mix(in srgb, red 20%, transparent); transform: rotate(90deg); translate: 0 8px; }
        .c:dir(rtl) { scale: -1 1; } .d { border-radius: 50%; justify-content: flex-end; }`),
      [],
    );
  });

  it('no css`…` block under src/ names a left or a right side (but the documented exceptions)', async () => {
    const problems = [];
    const used = new Set();
    let blocks = 0;
    let declarations = 0;
    for (const file of await sourceFiles(path.join(ROOT, 'src'))) {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      for (const block of cssBlocksOf(await readFile(file, 'utf8'))) {
        blocks++;
        for (const { selector, property, value } of declarationsOf(block.text)) {
          declarations++;
          const why = physicalSide(property, value, selector);
          if (!why) continue;
          const allowed = ALLOWED.find((entry) => entry.file === relative && entry.property === property && entry.selector.test(selector));
          if (allowed) used.add(allowed);
          else problems.push(`${relative} (css\` at line ${block.line}) ${selector} { ${property}: ${value} } — ${why}`);
        }
      }
    }
    assert.ok(blocks >= 20 && declarations >= 500, `the scan read the styles (${blocks} blocks, ${declarations} declarations)`);
    assert.deepEqual(problems, [], 'use logical properties (margin-inline-start, inset-inline-end, text-align: start, border-start-end-radius…)');
    const stale = ALLOWED.filter((entry) => !used.has(entry)).map((entry) => `${entry.file} ${entry.property}`);
    assert.deepEqual(stale, [], 'an exception that no longer applies: remove it from ALLOWED');
  });
});
