/**
 * The restore bench's stored conversation: deterministic (a seeded generator), realistic markdown.
 * `longThreadExport(exchanges)` gives the export `importThread()` takes: one path of 2 × `exchanges`
 * turns (a question, then a reply of two to four paragraphs, every third with a list, every fourth
 * with a code block, every `toolEvery`-th with a tool card holding a result), the last one current.
 */

const NOUNS = ['request', 'buffer', 'session', 'worker', 'queue', 'parser', 'cache', 'index', 'thread', 'record'];
const VERBS = ['reads', 'writes', 'parses', 'flushes', 'splits', 'merges', 'checks', 'renders', 'schedules', 'drops'];
const ADJECTIVES = ['small', 'stale', 'pending', 'final', 'partial', 'cached', 'slow', 'early', 'shared', 'local'];
const TOPICS = ['retries', 'timeouts', 'caching', 'batching', 'indexing', 'migrations', 'rate limits', 'logging'];

function generator(seed) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
}
const pick = (next, list) => list[next() % list.length];

function sentence(next, i) {
  const subject = `the ${pick(next, ADJECTIVES)} ${pick(next, NOUNS)}`;
  switch (next() % 5) {
    case 0:
      return `When ${subject} ${pick(next, VERBS)} a ${pick(next, NOUNS)}, the result stays **${pick(next, ADJECTIVES)}** until the next step.`;
    case 1:
      return `Call \`${pick(next, NOUNS)}.${pick(next, VERBS).slice(0, -1)}()\` before ${subject} ${pick(next, VERBS)} anything else.`;
    case 2:
      return `See [the notes on ${pick(next, TOPICS)}](https://example.com/docs/${i}) for how ${subject} ${pick(next, VERBS)} each ${pick(next, NOUNS)}.`;
    case 3:
      return `In practice ${subject} ${pick(next, VERBS)} about ${(next() % 900) + 100} items per second, *roughly* what you would expect.`;
    default:
      return `Each ${pick(next, NOUNS)} keeps its own state, so ${subject} never ${pick(next, VERBS)} twice.`;
  }
}

const paragraph = (next, i) => Array.from({ length: 2 + (next() % 4) }, (_, k) => sentence(next, i * 10 + k)).join(' ');

function list(next, i) {
  const numbered = next() % 2 === 0;
  return Array.from({ length: 3 + (next() % 3) }, (_, k) => `${numbered ? `${k + 1}.` : '-'} **${pick(next, NOUNS)}**: ${sentence(next, i + k)}`).join('\n');
}

function codeBlock(next, i) {
  if (next() % 2) {
    return `\`\`\`ts\nexport async function retry<T>(run: () => Promise<T>, attempts = ${2 + (i % 4)}): Promise<T> {\n  for (let n = 1; ; n++) {\n    try {\n      return await run();\n    } catch (error) {\n      if (n >= attempts) throw error;\n      await new Promise((resolve) => setTimeout(resolve, ${100 * (1 + (i % 5))} * n));\n    }\n  }\n}\n\`\`\``;
  }
  return `\`\`\`python\ndef ${pick(next, VERBS).slice(0, -1)}_${pick(next, NOUNS)}s(items):\n    seen = set()\n    for item in items:\n        if item.key in seen:\n            continue\n        seen.add(item.key)\n        yield item\n\`\`\``;
}

/** A reply of 2–4 paragraphs; every 3rd with a list, every 4th with a code block. */
function replyText(next, i) {
  const blocks = [paragraph(next, i)];
  if (i % 3 === 0) blocks.push(list(next, i));
  blocks.push(paragraph(next, i + 1));
  if (i % 4 === 1) blocks.push(codeBlock(next, i));
  if (next() % 2) blocks.push(paragraph(next, i + 2));
  return blocks.join('\n\n');
}

function question(next, i) {
  return `How do I handle ${pick(next, TOPICS)} when the ${pick(next, ADJECTIVES)} ${pick(next, NOUNS)} ${pick(next, VERBS)} a ${pick(next, NOUNS)}? (${i})`;
}

/** The export `importThread()` takes: one path of 2 × `exchanges` turns, the last one current. */
export function longThreadExport(exchanges, { threadId, toolEvery, lastMark }) {
  const next = generator(2026);
  const nodes = [];
  let parentId = null;
  let chars = 0;
  const now = Date.UTC(2026, 10, 29);
  for (let i = 1; i <= exchanges; i++) {
    const user = { role: 'user', id: `u-${i}`, text: question(next, i) };
    let text = replyText(next, i);
    if (i === exchanges) text += `\n\nThat is all for now: **${lastMark}**.`;
    const parts = [];
    if (i % toolEvery === 0) {
      const args = { query: `${pick(next, TOPICS)} ${pick(next, NOUNS)}`, limit: 3 };
      parts.push({ kind: 'text', id: `m-${i}-a`, text: 'Let me look that up in the docs.', streaming: false });
      parts.push({
        kind: 'tool-call',
        id: `call-${i}`,
        name: 'search_docs',
        argsText: JSON.stringify(args),
        args,
        argsComplete: true,
        status: 'done',
        result: {
          matches: Array.from({ length: 3 }, (_, k) => ({
            title: `${pick(next, TOPICS)} and the ${pick(next, NOUNS)}`,
            url: `https://example.com/docs/${i}/${k}`,
            snippet: sentence(next, i + k),
          })),
        },
      });
    }
    parts.push({ kind: 'text', id: `m-${i}`, text, streaming: false });
    const reply = { role: 'assistant', id: `a-${i}`, runId: `run-${i}`, status: 'done', parts };
    for (const turn of [user, reply]) {
      nodes.push({ id: turn.id, parentId, seq: nodes.length, turn });
      parentId = turn.id;
    }
    chars += user.text.length + parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0);
  }
  const thread = { id: threadId, title: nodes[0].turn.text, titleSource: 'first-message', created: now, updated: now, currentLeaf: parentId };
  return { data: { format: 'agent-chat-thread', version: 1, exported: now, thread, nodes }, chars, lastId: parentId, exchanges };
}
