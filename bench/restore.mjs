#!/usr/bin/env node
/**
 * Restore benchmark: a stored conversation of 2,000 messages (1,000 from the person, 1,000
 * replies of a few paragraphs of markdown, some with a list or a code block, 100 of them with a
 * tool card holding a result) opened in a fresh page load of <agent-chat> in headless Chromium.
 *
 * The database is written by the widget itself: a setup page of the same origin calls
 * `importThread()` with a generated export (the real import path: validation, one transaction,
 * then the thread opens, which makes it the one a new page restores); the setup page is closed.
 * Then, measured, a fresh page of the same browser context (same IndexedDB) loads the page, and
 * the element restores the thread on its own. A script in the page's <head>, running before the
 * bundle, polls with requestAnimationFrame for the "usable last screen": the last reply's markdown
 * rendered (its closing **bold** mark is a <strong> in the DOM, so it is parsed markdown, not the
 * plain-text stand-in), inside the visible part of the log, and the log scrolled to its end.
 *
 * Reports: navigation start → usable last screen, with a breakdown (when the scripts arrived from
 * resource timing; when the database was asked to open and the thread's nodes were read, noted by
 * the page script around IDBFactory.open and IDBIndex.getAll; `agent-chat-thread-change` "open"; the
 * element's definition → usable), how many `agent-chat-message` elements are in
 * the DOM at that moment (windowing: the last 40 turns, not 2,000), the longest main-thread task
 * from navigation to that moment (PerformanceObserver 'longtask'), and, as a secondary figure, the
 * time to draw the earlier messages once (a click on `part="earlier-button"` → 40 more turns in the
 * DOM with their markdown rendered). Each run is a fresh browser context (its own database, cold
 * caches); one warm-up run, then 5 measured runs; median and max.
 *
 *   npm run build && node bench/restore.mjs [--runs=5]
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { fmt, median, range } from './lib/stats.mjs';
import { formatTable } from './lib/sizes.mjs';

const EXCHANGES = 1000; // 1,000 messages from the person + 1,000 replies
const TOOL_EVERY = 10; // every 10th reply has a tool card with a result: 100
const WINDOW = 40; // turns the element draws first (DRAWN_TURNS in src/agent-chat.ts)
const VIEWPORT = { width: 1000, height: 800 };
const GOALS = { usableMs: 300 };
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const THREAD_ID = 'bench-long-thread';
const LAST_MARK = 'end of reply 1000';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { runs };
}

// ---------------------------------------------------------------------------------------------
// The conversation: deterministic (a seeded generator), realistic markdown

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

/** The export `importThread()` takes: one path of 2,000 turns, the last one current. */
function longThreadExport() {
  const next = generator(2026);
  const nodes = [];
  let parentId = null;
  let chars = 0;
  const now = Date.UTC(2026, 10, 29);
  for (let i = 1; i <= EXCHANGES; i++) {
    const user = { role: 'user', id: `u-${i}`, text: question(next, i) };
    let text = replyText(next, i);
    if (i === EXCHANGES) text += `\n\nThat is all for now: **${LAST_MARK}**.`;
    const parts = [];
    if (i % TOOL_EVERY === 0) {
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
          matches: Array.from({ length: 3 }, (_, k) => ({ title: `${pick(next, TOPICS)} and the ${pick(next, NOUNS)}`, url: `https://example.com/docs/${i}/${k}`, snippet: sentence(next, i + k) })),
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
  const thread = { id: THREAD_ID, title: nodes[0].turn.text, titleSource: 'first-message', created: now, updated: now, currentLeaf: parentId };
  return { data: { format: 'agent-chat-thread', version: 1, exported: now, thread, nodes }, chars, lastId: parentId };
}

// ---------------------------------------------------------------------------------------------
// The page

/** Runs in the page's <head> before the bundle (serialised with Function.prototype.toString). */
function probeScript({ lastId, lastMark }) {
  const probe = { marks: {}, longTasks: [], storageErrors: [], idb: {} };
  window.restoreProbe = probe;
  // For the breakdown only: when the database was asked to open, and when the read of the
  // thread's nodes (the threadId index) was issued and answered.
  const timed = (proto, name, label, when) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const request = original.apply(this, args);
      if (when(this, args) && !probe.idb[label]) {
        const entry = (probe.idb[label] = { start: performance.now() });
        request.addEventListener('success', () => (entry.end = performance.now()));
      }
      return request;
    };
  };
  timed(IDBFactory.prototype, 'open', 'open', () => true);
  timed(IDBIndex.prototype, 'getAll', 'nodes', (index) => index.name === 'threadId');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  customElements.whenDefined('agent-chat').then(() => (probe.marks.defined = performance.now()));
  document.addEventListener(
    'agent-chat-thread-change',
    (event) => {
      probe.marks.threadChange ??= performance.now();
      probe.threadChange ??= event.detail;
    },
    true,
  );
  document.addEventListener('agent-chat-storage-error', (event) => probe.storageErrors.push(event.detail), true);

  /** The last reply's markdown rendered and in view, the log at its end: the message count, else false. */
  function usable() {
    const root = document.querySelector('agent-chat')?.shadowRoot;
    if (!root) return false;
    const messages = root.querySelectorAll('agent-chat-message');
    const last = messages[messages.length - 1];
    if (!last || last.turn?.id !== lastId) return false;
    const mark = [...(last.shadowRoot?.querySelectorAll('agent-chat-markdown strong') ?? [])].find((node) => node.textContent === lastMark);
    if (!mark) return false;
    const log = root.querySelector('[role="log"]');
    if (log.scrollHeight - log.scrollTop - log.clientHeight >= 2) return false;
    const box = mark.getBoundingClientRect();
    const view = log.getBoundingClientRect();
    if (box.height === 0 || box.top < view.top - 1 || box.bottom > view.bottom + 1) return false;
    return messages.length;
  }

  function poll() {
    const count = usable();
    if (count === false) {
      requestAnimationFrame(poll);
      return;
    }
    probe.marks.usable = performance.now();
    probe.messagesAtUsable = count;
    // The frame being prepared now is the first to show it; note when the one after begins.
    requestAnimationFrame(() => {
      probe.marks.nextFrame = performance.now();
      probe.done = true;
    });
  }
  requestAnimationFrame(poll);

  /** With the widget running: a new thread, then `openThread(id)` (as from the thread list) until usable. */
  probe.reopen = async (id) => {
    const chat = document.querySelector('agent-chat');
    await chat.newThread();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tasks = probe.longTasks.length;
    const start = performance.now();
    let loaded;
    void chat.openThread(id).then(() => (loaded = performance.now()));
    return new Promise((resolve) => {
      const check = () => {
        if (usable() === false) return requestAnimationFrame(check);
        resolve({ ms: performance.now() - start, loadedMs: loaded - start, longTasks: probe.longTasks.slice(tasks) });
      };
      requestAnimationFrame(check);
    });
  };

  /** One click on "Show N earlier messages": until 40 more turns are in the DOM, their markdown rendered. */
  probe.drawEarlier = () =>
    new Promise((resolve, reject) => {
      const root = document.querySelector('agent-chat').shadowRoot;
      const button = root.querySelector('[part="earlier-button"]');
      if (!button) return reject(new Error('no earlier-button'));
      const before = root.querySelectorAll('agent-chat-message').length;
      const buttonText = button.textContent.trim();
      const tasks = probe.longTasks.length;
      const start = performance.now();
      button.click();
      const check = () => {
        const messages = root.querySelectorAll('agent-chat-message');
        const first = messages[0];
        const firstMarkdown = first?.turn?.role === 'assistant' ? first.shadowRoot?.querySelector('agent-chat-markdown .md-blocks p') : first?.shadowRoot?.textContent;
        if (messages.length < before + 40 || !firstMarkdown) return requestAnimationFrame(check);
        const drawn = performance.now();
        requestAnimationFrame(() =>
          setTimeout(() => {
            const log = root.querySelector('[role="log"]');
            resolve({ before, after: messages.length, buttonText, ms: drawn - start, stillAtEnd: log.scrollHeight - log.scrollTop - log.clientHeight < 2, longTasks: probe.longTasks.slice(tasks) });
          }),
        );
      };
      requestAnimationFrame(check);
    });
}

function restorePage({ viewport, lastId, lastMark }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>agent-chat restore bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  agent-chat { display: block; width: ${viewport.width}px; height: ${viewport.height}px; }
</style>
<script>(${probeScript.toString()})(${JSON.stringify({ lastId, lastMark })});</script>
</head>
<body>
<agent-chat endpoint="/agent" heading="Restore bench"></agent-chat>
<script type="module" src="/dist/agent-chat.js"></script>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// Runs

function collectProblems(page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} for ${response.url()}`));
  return problems;
}

/** Writes the thread into the context's database through the widget's own importThread(). */
async function storeThread(context, url, data) {
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  const stored = await page.evaluate(async (data) => {
    const chat = document.querySelector('agent-chat');
    const started = performance.now();
    const id = await chat.importThread(data);
    const importMs = performance.now() - started;
    const threads = await chat.listThreads();
    return { id, importMs, threads: threads.length };
  }, data);
  await page.close({ runBeforeUnload: false });
  if (stored.id !== THREAD_ID || stored.threads !== 1) throw new Error(`restore bench: the import stored ${JSON.stringify(stored)}`);
  if (problems.length) throw new Error(`restore bench: problems while importing: ${problems.join('; ')}`);
  return stored;
}

async function runOnce(browser, server, exported) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const stored = await storeThread(context, server.url, exported.data);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(server.url);
    try {
      await page.waitForFunction(() => window.restoreProbe?.done === true, undefined, { timeout: 20_000, polling: 50 });
    } catch (error) {
      throw new Error(`restore bench: no usable last screen within 20 s (${problems.join('; ') || error.message})`);
    }
    const probe = await page.evaluate(() => {
      const { marks, messagesAtUsable, threadChange, longTasks, storageErrors, idb } = window.restoreProbe;
      const chat = document.querySelector('agent-chat');
      // When each script file arrived (name without its hash → responseEnd).
      const scripts = Object.fromEntries(
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => [entry.name.split('/').pop().replace(/-[\w-]{8}\.js$|\.js$/, ''), { start: entry.startTime, end: entry.responseEnd }]),
      );
      return { marks, messagesAtUsable, threadChange, longTasks, storageErrors, idb, scripts, turns: chat.getTurns().length, threadId: chat.threadId };
    });
    // A second later: did anything draw more turns on its own?
    await page.waitForTimeout(1000);
    const messagesLater = await page.evaluate(() => document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message').length);
    const earlier = await page.evaluate(() => window.restoreProbe.drawEarlier());
    const reopen = await page.evaluate((id) => window.restoreProbe.reopen(id), THREAD_ID);

    const checks = [];
    if (probe.turns !== 2 * EXCHANGES) checks.push(`${probe.turns} turns restored, not ${2 * EXCHANGES}`);
    if (probe.threadId !== THREAD_ID) checks.push(`thread ${probe.threadId} shown, not ${THREAD_ID}`);
    if (probe.threadChange?.reason !== 'open') checks.push(`thread change ${JSON.stringify(probe.threadChange)}`);
    if (probe.storageErrors.length) checks.push(`storage errors: ${JSON.stringify(probe.storageErrors)}`);
    if (earlier.after !== earlier.before + WINDOW) checks.push(`the earlier-button drew ${earlier.after - earlier.before} turns, not ${WINDOW}`);
    if (problems.length) checks.push(`page problems: ${problems.join('; ')}`);
    if (checks.length) throw new Error(`restore bench: ${checks.join('; ')}`);

    const usable = probe.marks.usable;
    const openTasks = probe.longTasks.filter((task) => task.start < usable);
    return {
      importMs: stored.importMs,
      usableMs: usable,
      fromDefinedMs: usable - probe.marks.defined,
      definedMs: probe.marks.defined,
      threadChangeMs: probe.marks.threadChange,
      nextFrameMs: probe.marks.nextFrame,
      messages: probe.messagesAtUsable,
      messagesLater,
      longestTaskMs: Math.max(0, ...openTasks.map((task) => task.duration)),
      longTasks: openTasks.length,
      reopenMs: reopen.ms,
      reopenLoadedMs: reopen.loadedMs,
      reopenLongestMs: Math.max(0, ...reopen.longTasks.map((task) => task.duration)),
      earlierMs: earlier.ms,
      earlierButton: earlier.buttonText,
      earlierLongestMs: Math.max(0, ...earlier.longTasks.map((task) => task.duration)),
      earlierAfter: earlier.after,
      entryMs: probe.scripts['agent-chat']?.end,
      keeperChunkMs: probe.scripts['thread-keeper']?.end,
      lastScriptMs: Math.max(...Object.values(probe.scripts).filter((script) => script.start < usable).map((script) => script.end)),
      scripts: probe.scripts,
      stillAtEnd: earlier.stillAtEnd,
      dbOpenMs: probe.idb.open?.start,
      readStartMs: probe.idb.nodes?.start,
      readEndMs: probe.idb.nodes?.end,
    };
  } finally {
    await context.close();
  }
}

/** A table row: label, median, max, min–max, goal verdict. */
function row(label, values, { digits = 0, goal } = {}) {
  const mid = median(values);
  const { min, max } = range(values);
  const verdict = goal ? `${goal.text}: median ${goal.met(mid) ? 'met' : 'MISSED'}, ${values.filter(goal.met).length}/${values.length} runs` : '';
  return [label, fmt(mid, digits), fmt(max, digits), `${fmt(min, digits)}–${fmt(max, digits)}`, verdict];
}

function resultTable(runs) {
  const pick = (fn) => runs.map(fn);
  return formatTable(
    [
      ['metric (ms unless noted)', 'median', 'max', 'range', 'goal'],
      row('navigation start → usable last screen', pick((r) => r.usableMs), { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } }),
      row('  → <agent-chat> defined', pick((r) => r.definedMs)),
      row('  → entry script agent-chat.js received', pick((r) => r.entryMs)),
      row('  → storage chunk (thread-keeper) received', pick((r) => r.keeperChunkMs)),
      row('  → last script needed received', pick((r) => r.lastScriptMs)),
      row('  → database open requested', pick((r) => r.dbOpenMs)),
      row('  → read of the 2,000 nodes issued', pick((r) => r.readStartMs)),
      row('  → … answered', pick((r) => r.readEndMs)),
      row('  → thread-change "open" (thread loaded, path set)', pick((r) => r.threadChangeMs)),
      row('  <agent-chat> defined (connected) → usable last screen', pick((r) => r.fromDefinedMs)),
      row('  → next frame begins', pick((r) => r.nextFrameMs)),
      row('agent-chat-message in the DOM then (count)', pick((r) => r.messages)),
      row('  … and 1 s later (count)', pick((r) => r.messagesLater)),
      row('longest task, navigation → usable (longtask)', pick((r) => r.longestTaskMs), { digits: 1 }),
      row('long tasks, navigation → usable (count)', pick((r) => r.longTasks)),
      row('openThread() in a running chat → usable last screen', pick((r) => r.reopenMs), { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } }),
      row('  → thread loaded (openThread resolved)', pick((r) => r.reopenLoadedMs)),
      row('  longest task in it (longtask)', pick((r) => r.reopenLongestMs), { digits: 1 }),
      row('earlier-button click → 40 more turns drawn', pick((r) => r.earlierMs)),
      row('  longest task in it (longtask)', pick((r) => r.earlierLongestMs), { digits: 1 }),
      row('(setup) importThread() of the 2,000 nodes', pick((r) => r.importMs)),
    ],
    ['l', 'r', 'r', 'r', 'l'],
  );
}

/** A private copy of dist/, so that a rebuild during the bench cannot pull files from under it. */
function snapshotDist() {
  if (!existsSync(join(distDir, 'agent-chat.js'))) throw new Error('dist/agent-chat.js is missing: run `npm run build` first');
  const copy = mkdtempSync(join(tmpdir(), 'agent-chat-bench-'));
  cpSync(distDir, copy, { recursive: true, filter: (source) => !source.includes(`${distDir}/types`) });
  return { dir: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist();
    cleanup.push(dist.remove);
    const exported = longThreadExport();
    const server = await startBenchServer({
      page: restorePage({ viewport: VIEWPORT, lastId: exported.lastId, lastMark: LAST_MARK }),
      distDir: dist.dir,
      deltas: [],
    });
    cleanup.push(server.close);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());

    const json = JSON.stringify(exported.data).length;
    console.log(
      `Chromium ${browser.version()}; a stored thread of ${(2 * EXCHANGES).toLocaleString('en')} messages ` +
        `(${EXCHANGES / TOOL_EVERY} tool cards; ${(exported.chars / 1000).toFixed(0)}k characters of text, export ${(json / 1e6).toFixed(2)} MB); ` +
        `viewport ${VIEWPORT.width}×${VIEWPORT.height}; load average ${load()}`,
    );
    await runOnce(browser, server, exported);
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(browser, server, exported);
      runs.push(run);
      console.log(
        `run ${i + 1}: usable last screen at ${fmt(run.usableMs)} ms (${run.messages} messages drawn), ` +
          `longest task ${fmt(run.longestTaskMs, 1)} ms, earlier ${fmt(run.earlierMs)} ms; load average ${load()}`,
      );
    }
    console.log(`\nRestore (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up; each a fresh context and page load)`);
    console.log(resultTable(runs).join('\n'));
    const names = Object.keys(runs[0].scripts).sort((a, b) => runs[0].scripts[a].start - runs[0].scripts[b].start);
    const timing = (name, key) => fmt(median(runs.map((run) => run.scripts[name]?.[key] ?? NaN).filter(Number.isFinite)));
    console.log(`\nScripts (requested → received, ms after navigation start, median): ${names.map((name) => `${name} ${timing(name, 'start')}→${timing(name, 'end')}`).join(', ')}.`);
    const moved = runs.filter((run) => !run.stillAtEnd).length;
    if (moved) console.log(`note: in ${moved}/${runs.length} runs the log was no longer at its end after the earlier turns were drawn`);
    console.log(`The earlier-button read "${runs[0].earlierButton}" and drew ${runs[0].earlierAfter} turns in all after the click.`);
    console.log('\n  npm run build && node bench/restore.mjs');
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
