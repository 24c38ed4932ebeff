#!/usr/bin/env node
/**
 * Restore benchmark: a stored conversation of 200, 2,000 and 20,000 messages (half from the person,
 * half replies of a few paragraphs of markdown, some with a list or a code block, every 10th reply
 * with a tool card holding a result) opened in a fresh page load of <agent-chat> in headless Chromium.
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
 * Reports, for each size: navigation start → usable last screen, with a breakdown (when the scripts
 * arrived from resource timing; when the database was asked to open and the thread's nodes were
 * read, noted by the page script around IDBFactory.open and every read of the `nodes` store or its
 * index: requests and records before the usable screen; the element's definition → usable);
 * `agent-chat-thread-change` "open" (the whole thread in memory: `getTurns()` has every turn of the
 * path) and the longest task up to then; how many `agent-chat-message` elements are in
 * the DOM at that moment (windowing: the last 40 turns, not 2,000), the longest main-thread task
 * from navigation to that moment (PerformanceObserver 'longtask'), and, as a secondary figure, the
 * time to draw the earlier messages once (a click on `part="earlier-button"` → 40 more turns in the
 * DOM with their markdown rendered). Each run is a fresh browser context (its own database, cold
 * caches); one warm-up run, then 5 measured runs; median and max.
 *
 *   npm run build && node bench/restore.mjs [--runs=5] [--sizes=200,2000,20000] [--dist=dist]
 *     [--compare=deep-chat [--compare-runs=3] [--compare-sizes=2000]]
 *
 * --compare=deep-chat also opens the same conversation in Deep Chat 2.4.2 (`<deep-chat>` given
 *   the messages as its `history`; bench/lib/deep-chat-restore-page.mjs), at the sizes of
 *   `--compare-sizes` that are measured: `--compare-runs` runs each, no warm-up, interleaved with
 *   ours. It reports navigation start → Deep Chat's last message in the DOM (and in view), its
 *   longest task, and ours ÷ Deep Chat (our usable last screen over its last message in the DOM).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { fmt, median, range } from './lib/stats.mjs';
import { longThreadExport } from './lib/long-thread.mjs';
import { formatTable } from './lib/sizes.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';
import { DEEP_CHAT_BUNDLE } from './lib/deep-chat-page.mjs';
import { deepChatHistory, deepChatRestorePage } from './lib/deep-chat-restore-page.mjs';
import { deepChatRestoreTable, restoreGoalLines, runDeepChatRestore } from './lib/deep-chat-restore.mjs';

const SIZES = [200, 2000, 20000]; // messages: half from the person, half replies
const TOOL_EVERY = 10; // every 10th reply has a tool card with a result
const WINDOW = 40; // turns one click on the earlier-button draws (MORE_DRAWN in src/agent-chat/)
const VIEWPORT = { width: 1000, height: 800 };
const GOALS = { usableMs: 300 };
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const THREAD_ID = 'bench-long-thread';
const lastMark = (exchanges) => `end of reply ${exchanges}`;

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const sizesArg = argv.find((arg) => arg.startsWith('--sizes='))?.split('=')[1];
  const sizes = sizesArg ? sizesArg.split(',').map(Number) : SIZES;
  if (sizes.some((size) => !Number.isInteger(size) || size < 2 || size % 2)) throw new Error('--sizes must be even message counts, e.g. --sizes=200,2000');
  const value = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  // --dist=DIR: another build (e.g. a copy of dist/ made before a change) instead of dist/.
  const dist = value('dist');
  const compare = value('compare');
  if (compare !== undefined && compare !== 'deep-chat') throw new Error('--compare takes deep-chat');
  const compareRuns = Number(value('compare-runs') ?? 3);
  if (!Number.isInteger(compareRuns) || compareRuns < 1) throw new Error('--compare-runs must be a positive integer');
  const compareSizes = (value('compare-sizes') ?? '2000').split(',').map(Number);
  const deepChat = compare === 'deep-chat' ? { runs: compareRuns, sizes: compareSizes } : undefined;
  return { runs, sizes, dist: dist ? resolve(dist) : distDir, deepChat };
}

// ---------------------------------------------------------------------------------------------
// The page

/** Runs in the page's <head> before the bundle (serialised with Function.prototype.toString). */
function probeScript({ lastId, lastMark }) {
  const probe = { marks: {}, longTasks: [], storageErrors: [], idb: {}, nodeReads: [] };
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
  // Every read of the nodes store (or its index): when it was issued and answered, how many records.
  const counted = (proto, name, storeOf) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const request = original.apply(this, args);
      if (storeOf(this).name === 'nodes') {
        const entry = { start: performance.now(), records: 0 };
        probe.nodeReads.push(entry);
        request.addEventListener('success', () => {
          entry.end = performance.now();
          const result = request.result;
          entry.records = Array.isArray(result) ? result.length : result === undefined || result === null ? 0 : 1;
        });
      }
      return request;
    };
  };
  for (const name of ['get', 'getAll', 'openCursor']) {
    counted(IDBObjectStore.prototype, name, (store) => store);
    counted(IDBIndex.prototype, name, (index) => index.objectStore);
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  customElements.whenDefined('agent-chat').then(() => (probe.marks.defined = performance.now()));
  // Fires once the thread is shown whole (its full tree in memory).
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
      let usableAt;
      const check = () => {
        if (usableAt === undefined && usable() !== false) usableAt = performance.now();
        // Until the screen is usable and the whole thread is loaded (openThread resolved).
        if (usableAt === undefined || loaded === undefined) return requestAnimationFrame(check);
        resolve({ ms: usableAt - start, loadedMs: loaded - start, longTasks: probe.longTasks.slice(tasks) });
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
            resolve({
              before,
              after: messages.length,
              buttonText,
              ms: drawn - start,
              stillAtEnd: log.scrollHeight - log.scrollTop - log.clientHeight < 2,
              longTasks: probe.longTasks.slice(tasks),
            });
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
  const messages = 2 * exported.exchanges;
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
    // The whole thread in memory (thread-change "open"): what sending, export and getTurns() need.
    await page.waitForFunction(() => window.restoreProbe.marks.threadChange !== undefined, undefined, { timeout: 20_000, polling: 50 });
    const probe = await page.evaluate(() => {
      const { marks, messagesAtUsable, threadChange, longTasks, storageErrors, idb, nodeReads } = window.restoreProbe;
      const chat = document.querySelector('agent-chat');
      // When each script file arrived (name without its hash → responseEnd).
      const scripts = Object.fromEntries(
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => [
            entry.name
              .split('/')
              .pop()
              .replace(/-[\w-]{8}\.js$|\.js$/, ''),
            { start: entry.startTime, end: entry.responseEnd },
          ]),
      );
      return { marks, messagesAtUsable, threadChange, longTasks, storageErrors, idb, nodeReads, scripts, turns: chat.getTurns().length, threadId: chat.threadId };
    });
    // A second later: did anything draw more turns on its own?
    await page.waitForTimeout(1000);
    const messagesLater = await page.evaluate(() => document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message').length);
    const earlier = await page.evaluate(() => window.restoreProbe.drawEarlier());
    const reopen = await page.evaluate((id) => window.restoreProbe.reopen(id), THREAD_ID);

    const checks = [];
    if (probe.turns !== messages) checks.push(`${probe.turns} turns restored, not ${messages}`);
    if (probe.threadId !== THREAD_ID) checks.push(`thread ${probe.threadId} shown, not ${THREAD_ID}`);
    if (probe.threadChange?.reason !== 'open') checks.push(`thread change ${JSON.stringify(probe.threadChange)}`);
    if (probe.storageErrors.length) checks.push(`storage errors: ${JSON.stringify(probe.storageErrors)}`);
    if (earlier.after !== earlier.before + WINDOW) checks.push(`the earlier-button drew ${earlier.after - earlier.before} turns, not ${WINDOW}`);
    if (problems.length) checks.push(`page problems: ${problems.join('; ')}`);
    if (checks.length) throw new Error(`restore bench: ${checks.join('; ')}`);

    const usable = probe.marks.usable;
    const loaded = probe.marks.threadChange;
    const openTasks = probe.longTasks.filter((task) => task.start < usable);
    const loadTasks = probe.longTasks.filter((task) => task.start < Math.max(usable, loaded));
    const readsBefore = probe.nodeReads.filter((read) => read.start < usable);
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
      loadedMs: loaded,
      longestToLoadedMs: Math.max(0, ...loadTasks.map((task) => task.duration)),
      longTasksToLoaded: loadTasks.filter((task) => task.duration > 100).length,
      nodeRequestsBefore: readsBefore.length,
      nodeRecordsBefore: readsBefore.reduce((total, read) => total + read.records, 0),
      nodeRecordsAll: probe.nodeReads.filter((read) => read.start < Math.max(usable, loaded)).reduce((total, read) => total + read.records, 0),
      reopenMs: reopen.ms,
      reopenLoadedMs: reopen.loadedMs,
      reopenLongestMs: Math.max(0, ...reopen.longTasks.map((task) => task.duration)),
      earlierMs: earlier.ms,
      earlierButton: earlier.buttonText,
      earlierLongestMs: Math.max(0, ...earlier.longTasks.map((task) => task.duration)),
      earlierAfter: earlier.after,
      entryMs: probe.scripts['agent-chat']?.end,
      keeperChunkMs: probe.scripts['thread-keeper']?.end,
      lastScriptMs: Math.max(
        ...Object.values(probe.scripts)
          .filter((script) => script.start < usable)
          .map((script) => script.end),
      ),
      scripts: probe.scripts,
      stillAtEnd: earlier.stillAtEnd,
      dbOpenMs: probe.idb.open?.start,
      readStartMs: readsBefore[0]?.start,
      readEndMs: Math.max(...readsBefore.map((read) => read.end ?? NaN)),
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

function resultTable(runs, messages) {
  const pick = (fn) => runs.map(fn);
  const count = messages.toLocaleString('en');
  return formatTable(
    [
      ['metric (ms unless noted)', 'median', 'max', 'range', 'goal'],
      row(
        'navigation start → usable last screen',
        pick((r) => r.usableMs),
        { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } },
      ),
      row(
        '  → <agent-chat> defined',
        pick((r) => r.definedMs),
      ),
      row(
        '  → entry script agent-chat.js received',
        pick((r) => r.entryMs),
      ),
      row(
        '  → storage chunk (thread-keeper) received',
        pick((r) => r.keeperChunkMs),
      ),
      row(
        '  → last script needed received',
        pick((r) => r.lastScriptMs),
      ),
      row(
        '  → database open requested',
        pick((r) => r.dbOpenMs),
      ),
      row(
        '  → first read of nodes issued',
        pick((r) => r.readStartMs),
      ),
      row(
        '  → last read of nodes issued before usable answered',
        pick((r) => r.readEndMs),
      ),
      row(
        'node reads before usable (requests)',
        pick((r) => r.nodeRequestsBefore),
      ),
      row(
        'node records read before usable (count)',
        pick((r) => r.nodeRecordsBefore),
      ),
      row(
        `thread-change "open": all ${count} in memory`,
        pick((r) => r.threadChangeMs),
      ),
      row(
        '  node records read by then (count)',
        pick((r) => r.nodeRecordsAll),
      ),
      row(
        '  longest task, navigation → all in memory',
        pick((r) => r.longestToLoadedMs),
        { digits: 1, goal: { text: '≤ 100 ms', met: (v) => v <= 100 } },
      ),
      row(
        '  <agent-chat> defined (connected) → usable last screen',
        pick((r) => r.fromDefinedMs),
      ),
      row(
        '  → next frame begins',
        pick((r) => r.nextFrameMs),
      ),
      row(
        'agent-chat-message in the DOM then (count)',
        pick((r) => r.messages),
      ),
      row(
        '  … and 1 s later (count)',
        pick((r) => r.messagesLater),
      ),
      row(
        'longest task, navigation → usable (longtask)',
        pick((r) => r.longestTaskMs),
        { digits: 1 },
      ),
      row(
        'long tasks, navigation → usable (count)',
        pick((r) => r.longTasks),
      ),
      row(
        'openThread() in a running chat → usable last screen',
        pick((r) => r.reopenMs),
        { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } },
      ),
      row(
        '  → all in memory (openThread resolved)',
        pick((r) => r.reopenLoadedMs),
      ),
      row(
        '  longest task in it, until both (longtask)',
        pick((r) => r.reopenLongestMs),
        { digits: 1 },
      ),
      row(
        'earlier-button click → 40 more turns drawn',
        pick((r) => r.earlierMs),
      ),
      row(
        '  longest task in it (longtask)',
        pick((r) => r.earlierLongestMs),
        { digits: 1 },
      ),
      row(
        `(setup) importThread() of the ${count} nodes`,
        pick((r) => r.importMs),
      ),
    ],
    ['l', 'r', 'r', 'r', 'l'],
  );
}

/** Which of our runs (0-based) a Deep Chat run follows: `count` spread evenly over `runs`. */
const spread = (count, runs) => new Set(Array.from({ length: count }, (_, k) => Math.floor(((k + 0.5) * runs) / count)));

/**
 * One size: its own export and server, 1 warm-up, then the measured runs (with Deep Chat's runs
 * among them when it is compared at this size); prints its table. Returns { runs, deepChatRuns }.
 */
async function measureSize(browser, dist, messages, options) {
  const exported = longThreadExport(messages / 2, { threadId: THREAD_ID, toolEvery: TOOL_EVERY, lastMark: lastMark(messages / 2) });
  const deepChat = options.deepChat?.sizes.includes(messages) ? options.deepChat : undefined;
  const server = await startBenchServer({
    page: restorePage({ viewport: VIEWPORT, lastId: exported.lastId, lastMark: lastMark(exported.exchanges) }),
    pages: deepChat
      ? { '/deep-chat': deepChatRestorePage({ viewport: VIEWPORT, bundle: '/deep-chat.js', history: deepChatHistory(exported), lastMark: lastMark(exported.exchanges) }) }
      : {},
    files: deepChat ? { '/deep-chat.js': join(root, DEEP_CHAT_BUNDLE) } : {},
    distDir: dist.dir,
    deltas: [],
  });
  try {
    const json = JSON.stringify(exported.data).length;
    console.log(
      `\n## ${messages.toLocaleString('en')} messages (${Math.floor(exported.exchanges / TOOL_EVERY)} tool cards; ` +
        `${(exported.chars / 1000).toFixed(0)}k characters of text, export ${(json / 1e6).toFixed(2)} MB); load average ${load()}`,
    );
    await runOnce(browser, server, exported);
    const runs = [];
    const deepChatRuns = [];
    const deepChatAfter = deepChat ? spread(deepChat.runs, options.runs) : new Set();
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(browser, server, exported);
      runs.push(run);
      console.log(
        `run ${i + 1}: usable last screen at ${fmt(run.usableMs)} ms (${run.messages} messages drawn, ${run.nodeRecordsBefore} nodes read), ` +
          `all in memory at ${fmt(run.loadedMs)} ms, longest task ${fmt(run.longestToLoadedMs, 1)} ms; load average ${load()}`,
      );
      if (!deepChatAfter.has(i)) continue;
      const theirs = await runDeepChatRestore(browser, `${server.url}/deep-chat`, { viewport: VIEWPORT, messages });
      deepChatRuns.push(theirs);
      console.log(
        `Deep Chat run ${deepChatRuns.length}: last message in the DOM at ${fmt(theirs.inDomMs)} ms (${theirs.messages} messages), next frame at ${fmt(theirs.drawnMs)} ms, ` +
          `in view at ${fmt(theirs.usableMs)} ms, longest task ${fmt(theirs.longestTaskMs, 1)} ms (${theirs.longTasks} long); load average ${load()}`,
      );
    }
    console.log(`\nRestore of ${messages.toLocaleString('en')} messages (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up; each a fresh context and page load)`);
    console.log(resultTable(runs, messages).join('\n'));
    const names = Object.keys(runs[0].scripts).sort((a, b) => runs[0].scripts[a].start - runs[0].scripts[b].start);
    const timing = (name, key) => fmt(median(runs.map((run) => run.scripts[name]?.[key] ?? NaN).filter(Number.isFinite)));
    console.log(
      `\nScripts (requested → received, ms after navigation start, median): ${names.map((name) => `${name} ${timing(name, 'start')}→${timing(name, 'end')}`).join(', ')}.`,
    );
    const moved = runs.filter((run) => !run.stillAtEnd).length;
    if (moved) console.log(`note: in ${moved}/${runs.length} runs the log was no longer at its end after the earlier turns were drawn`);
    console.log(`The earlier-button read "${runs[0].earlierButton}" and drew ${runs[0].earlierAfter} turns in all after the click.`);
    return { runs, deepChatRuns };
  } finally {
    await server.close();
  }
}

/** One line per size: what the issue asks (usable last screen, longest task), against the smallest size. */
function summaryTable(bySize) {
  const base = median(bySize[0].runs.map((run) => run.usableMs));
  const cell = (runs, fn, digits = 0) => {
    const values = runs.map(fn);
    const { min, max } = range(values);
    return `${fmt(median(values), digits)} (${fmt(min, digits)}–${fmt(max, digits)})`;
  };
  return formatTable(
    [
      [
        'messages',
        'usable last screen',
        `÷ ${bySize[0].messages.toLocaleString('en')}`,
        'longest task to usable',
        'all in memory',
        'longest task to all in memory',
        'nodes read before usable',
        'openThread() → usable',
      ],
      ...bySize.map(({ messages, runs }) => [
        messages.toLocaleString('en'),
        cell(runs, (r) => r.usableMs),
        (median(runs.map((run) => run.usableMs)) / base).toFixed(2),
        cell(runs, (r) => r.longestTaskMs, 1),
        cell(runs, (r) => r.loadedMs),
        cell(runs, (r) => r.longestToLoadedMs, 1),
        fmt(median(runs.map((r) => r.nodeRecordsBefore))),
        cell(runs, (r) => r.reopenMs),
      ]),
    ],
    ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(options.dist);
    cleanup.push(dist.remove);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());
    console.log(`Chromium ${browser.version()}; viewport ${VIEWPORT.width}×${VIEWPORT.height}; sizes ${options.sizes.join(', ')}; load average ${load()}`);
    const bySize = [];
    for (const messages of options.sizes) bySize.push({ messages, ...(await measureSize(browser, dist, messages, options)) });
    console.log('\n## Summary (median, min–max; ms after navigation start unless noted)');
    console.log(summaryTable(bySize).join('\n'));
    const against = deepChatRestoreTable(bySize);
    if (against.length) console.log(`\n## Against Deep Chat 2.4.2 (median, min–max; ms after navigation start)\n${against.join('\n')}`);
    console.log(`\n${restoreGoalLines(bySize).join('\n')}`);
    console.log(`\n  npm run build && node bench/restore.mjs --runs=${options.runs} --sizes=${options.sizes.join(',')}`);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
