/**
 * A deterministic, realistic markdown document of an exact length: sections with `##` headings,
 * paragraphs with inline code, bold and links, bullet and numbered lists, small tables and fenced
 * code blocks, repeated with variations. Same input, same document: no randomness.
 */

const TOPICS = ['streaming', 'caching', 'retries', 'rendering', 'validation', 'scheduling', 'indexing', 'batching'];
const NOUNS = ['request', 'buffer', 'token', 'reply', 'session', 'worker', 'frame', 'queue', 'parser', 'handler'];
const VERBS = ['reads', 'writes', 'parses', 'flushes', 'splits', 'merges', 'checks', 'renders', 'schedules', 'drops'];
const METHODS = ['read', 'write', 'parse', 'flush', 'split', 'merge', 'check', 'render', 'schedule', 'drop'];
const ADJECTIVES = ['small', 'stale', 'pending', 'final', 'partial', 'cached', 'slow', 'early', 'shared', 'local'];
const LANGUAGES = ['ts', 'python', 'bash', 'json'];

/** A tiny linear congruential generator, seeded, so every "choice" is reproducible. */
function sequence(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

function pick(next, list) {
  return list[next() % list.length];
}

function sentence(next, i) {
  const subject = `the ${pick(next, ADJECTIVES)} ${pick(next, NOUNS)}`;
  const object = `${pick(next, NOUNS)}`;
  switch (next() % 5) {
    case 0:
      return `When ${subject} ${pick(next, VERBS)} a ${object}, the result is **${pick(next, ADJECTIVES)}** until the next step.`;
    case 1:
      return `Call \`${pick(next, NOUNS)}.${pick(next, METHODS)}()\` before ${subject} ${pick(next, VERBS)} anything else.`;
    case 2:
      return `See [the ${pick(next, TOPICS)} notes](https://example.com/docs/${pick(next, TOPICS)}/${i}) for how ${subject} ${pick(next, VERBS)} each ${object}.`;
    case 3:
      return `In practice ${subject} ${pick(next, VERBS)} about ${(next() % 900) + 100} items per second — *roughly* what you would expect.`;
    default:
      return `Each ${object} keeps its own state, so ${subject} never ${pick(next, VERBS)} twice.`;
  }
}

function paragraph(next, i) {
  const count = 3 + (next() % 4);
  return Array.from({ length: count }, (_, k) => sentence(next, i * 10 + k)).join(' ');
}

function bulletList(next, i) {
  const numbered = next() % 3 === 0;
  const count = 3 + (next() % 4);
  return Array.from({ length: count }, (_, k) => {
    const marker = numbered ? `${k + 1}.` : '-';
    return `${marker} **${pick(next, NOUNS)}**: ${sentence(next, i * 10 + k)}`;
  }).join('\n');
}

function table(next) {
  const rows = 3 + (next() % 3);
  const header = '| Setting | Default | Effect |\n| --- | ---: | --- |';
  const body = Array.from({ length: rows }, () => `| \`${pick(next, NOUNS)}-${pick(next, TOPICS)}\` | ${next() % 1000} | ${pick(next, ADJECTIVES)} ${pick(next, NOUNS)} |`).join(
    '\n',
  );
  return `${header}\n${body}`;
}

function codeBlock(next, i) {
  const language = pick(next, LANGUAGES);
  const name = `${pick(next, METHODS)}${pick(next, NOUNS).replace(/^./, (c) => c.toUpperCase())}`;
  const bodies = {
    ts: `export async function ${name}(input: string[]): Promise<number> {\n  let total = 0;\n  for (const item of input) {\n    if (!item) continue;\n\n    total += item.length * ${(i % 7) + 1};\n  }\n  return total;\n}`,
    python: `def ${name}(items):\n    total = 0\n    for item in items:\n        if not item:\n            continue\n        total += len(item) * ${(i % 7) + 1}\n    return total`,
    bash: `# ${name}\nset -euo pipefail\nfor f in build/*.js; do\n  gzip -9 -c "$f" | wc -c\ndone`,
    json: `{\n  "name": "${name}",\n  "retries": ${i % 5},\n  "timeoutMs": ${(i % 9) * 250 + 500},\n  "tags": ["${pick(next, TOPICS)}", "${pick(next, ADJECTIVES)}"]\n}`,
  };
  return `\`\`\`${language}\n${bodies[language]}\n\`\`\``;
}

function section(i) {
  const next = sequence(i * 7919 + 17);
  const topic = TOPICS[i % TOPICS.length];
  const blocks = [`## ${i + 1}. ${topic[0].toUpperCase()}${topic.slice(1)}, part ${Math.floor(i / TOPICS.length) + 1}`, paragraph(next, i)];
  const extras = [() => bulletList(next, i), () => table(next), () => codeBlock(next, i), () => paragraph(next, i + 1000)];
  // Every section gets a different mix and order of the extra blocks.
  for (let k = 0; k < 3; k++) blocks.push(extras[(i + k * (1 + (i % 3))) % extras.length]());
  if (i % 4 === 3) blocks.push(`> **Note:** ${sentence(next, i)}`);
  return `${blocks.join('\n\n')}\n\n`;
}

/** A markdown document of exactly `length` UTF-16 code units (all in the BMP, so any cut is safe). */
export function markdownDocument(length = 100_000) {
  let doc = '# Operations guide\n\n';
  for (let i = 0; ; i++) {
    const next = section(i);
    if (doc.length + next.length > length - 400) break;
    doc += next;
  }
  // Fill the rest with a closing paragraph, cut to the exact length and ending with a newline.
  const filler = sequence(length);
  let closing = '## Closing notes\n\n';
  while (doc.length + closing.length < length) closing += `${sentence(filler, closing.length)} `;
  return `${doc}${closing}`.slice(0, length - 1) + '\n';
}

/** Splits text into pieces of `size` code units (the last may be shorter). */
export function chunk(text, size = 5) {
  const pieces = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/**
 * The same document with every fence's language renamed to one the highlighter does not know (its
 * last letter made `q`: `ts` → `tq`), so no block is coloured; the length stays the same.
 */
export function plainFences(doc) {
  return doc.replace(/^```(\w+)$/gm, (_, language) => `\`\`\`${language.slice(0, -1)}q`);
}
