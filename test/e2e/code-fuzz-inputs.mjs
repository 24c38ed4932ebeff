/**
 * Hostile code for every grammar the highlighter bundles: for each grammar, inputs built from that
 * grammar's own delimiters — repeated, nested, left unclosed (link brackets for markdown, generics
 * and annotations for Java, strings full of escapes, comment openers, template literals, heredocs…)
 * — the shapes that make a backtracking grammar slow. Deterministic: the same call gives the same
 * inputs. Used by the end-to-end fuzz test (code-fuzz.test.mjs) and bench/code-fuzz.mjs.
 */

/** Delimiter pieces per grammar (names as src/render/highlight-languages.ts has them). */
export const HOSTILE_PIECES = {
  markdown: ['[a][', '[a](', '[', '](', '<', '![', '**', '__', '`', '*a ', '<a ', '[x]: ', '> [', '- [', '# [', '```'],
  java: ['List<', '@A(', 'Map<K, ', '@A(b = @B(', '"\\"', '/*', '/**', "'\\", 'class A<T extends ', 'new A<>(', '(', '->{'],
  javascript: ['`${', '${`', '/*', '"\\', "'\\", '(', '{', '[', '<a>', '</', '/[', '/\\/', '=>(', 'function(', 'class A extends (', '@a('],
  typescript: ['`${', 'Array<', 'Promise<Map<', '<T extends ', '/*', '"\\', '(', '{', ': {', '@a(', 'as (', 'keyof (', '<a>', '?.(', '=>('],
  json: ['[', '{"a":', '"\\', '"\\u', '{', '[{', '"a":[', '/*', '//', '-', '1e', 'tru'],
  python: ['"""', "'''", 'f"{', 'f"{f\'{', '(', '[', '{', '@a(', '"\\', 'r"', 'b"\\', 'def a(', 'lambda ', '#', 'class A('],
  bash: ['<<EOF\n', '<<-A\n', '$(', '${', '"$(', '`', '"\\', "'", '$((', '[[', '{', '#', 'case a in ', 'if [ ', "$'\\"],
  console: ['$ ', '$ echo "', '$ $(', '# ', '> ', '$ <<EOF\n', '$ ${', '% ', '$ `', '$ "\\'],
  xml: ['<a ', '<a b="', '<!--', '<![CDATA[', '<?xml ', '<!DOCTYPE ', '&', '<a b=', '</', '<script>', '<style>', "<a b='", '<!', '<a:b '],
  css: ['{', '@media (', 'url(', '/*', '"\\', "'\\", 'a:not(', '[a="', '@supports (', 'calc(', '!', '#', '.a', '@import "', 'var(--'],
  sql: ["'", "'\\", '(', '/*', '--', '"', '`', '[', 'SELECT (', "E'\\", '$$', 'CASE WHEN ', 'IN ('],
  go: ['`', '"\\', "'\\", '[', 'func(', 'map[', 'chan<- ', '/*', '{', 'interface{', '[T any](', '<-'],
  rust: ['r#"', 'r##"', '"\\', "'a", "'\\", '/*', '/**', '#[', '#![', '<', 'Vec<', 'impl<', 'fn a<', '|a|', 'macro_rules! a {', '::<'],
  cpp: ['template<', 'std::vector<', 'R"(', 'R"a(', '"\\', "'\\", '/*', '#include <', '#define A(', '#if ', '(', '{', '[[', 'operator<', '<<'],
  yaml: ['- ', '  - ', '{', '[', "'", '"\\', '|', '>', '&a ', '*a', '!!', 'a: ', '? ', '#', '{a: [', '---\n', '%'],
  diff: ['@@ ', '@@ -1 +1 @@', '+++ ', '--- ', '+', '-', ' ', 'diff ', '*** ', 'Index: ', '\\ ', '!'],
};

/** Shapes every grammar gets too: long words, numbers and runs of blanks (a word rule that backtracks). */
const COMMON_PIECES = ['a', '0', ' ', '\t', 'a\t', 'a.', '_a', '0x', '\\'];

/** Every grammar, in a fixed order. */
export const FUZZ_GRAMMARS = Object.keys(HOSTILE_PIECES);

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fill = (unit, size) => (unit ? unit.repeat(Math.ceil(size / unit.length)).slice(0, size) : '');

/**
 * Hostile inputs for `grammar`, each `size` characters long (the last ones cut mid-piece):
 * each piece repeated; each piece followed by text with no closer; pieces nested alternately with
 * words; one long string of escapes; every piece in turn, line after line; and random mixes.
 * `{ name, code }[]`.
 */
export function hostileInputs(grammar, size, { mixes = 2 } = {}) {
  const pieces = HOSTILE_PIECES[grammar];
  if (!pieces) throw new Error(`no hostile pieces for ${grammar}`);
  const inputs = [];
  for (const [index, piece] of [...pieces, ...COMMON_PIECES].entries()) {
    inputs.push({ name: `${grammar}:run:${index}`, code: fill(piece, size) });
    inputs.push({ name: `${grammar}:nest:${index}`, code: fill(`${piece}a `, size) });
  }
  inputs.push({ name: `${grammar}:unclosed-line`, code: fill(`${pieces.join('')} x\n`, size) });
  inputs.push({ name: `${grammar}:open-then-space`, code: pieces[0] + fill(' a', size - pieces[0].length) });
  inputs.push({ name: `${grammar}:escapes`, code: `"${fill('\\"\\\\', size - 1)}` });
  const next = random(grammar.length * 7919 + size);
  for (let mix = 0; mix < mixes; mix++) {
    let code = '';
    while (code.length < size) code += pieces[Math.floor(next() * pieces.length)] + (next() < 0.2 ? '\n' : next() < 0.3 ? ' ' : '');
    inputs.push({ name: `${grammar}:mix:${mix}`, code: code.slice(0, size) });
  }
  return inputs;
}

/**
 * A few inputs per grammar for a test that must stay fast: each grammar's first two pieces
 * repeated, a long word, and its delimiters line after line.
 */
export function hostileSample(grammar, size) {
  const wanted = new Set([`${grammar}:run:0`, `${grammar}:run:1`, `${grammar}:run:${HOSTILE_PIECES[grammar].length}`, `${grammar}:unclosed-line`]);
  return hostileInputs(grammar, size, { mixes: 1 }).filter((input) => wanted.has(input.name));
}

/** The fenced block a reply would carry for `code`: a fence longer than any backtick run in it. */
export function fenced(grammar, code) {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${grammar}\n${code}\n${fence}\n`;
}
