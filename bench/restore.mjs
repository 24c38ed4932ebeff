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
import { fmt, median } from './lib/stats.mjs';
import { longThreadExport } from './lib/long-thread.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';
import { DEEP_CHAT_BUNDLE } from './lib/deep-chat-page.mjs';
import { deepChatHistory, deepChatRestorePage } from './lib/deep-chat-restore-page.mjs';
import { deepChatRestoreTable, restoreGoalLines, runDeepChatRestore } from './lib/deep-chat-restore.mjs';
import { restorePage } from './lib/restore-page.mjs';
import { resultTable, summaryTable } from './lib/restore-report.mjs';

const SIZES = [200, 2000, 20000]; // messages: half from the person, half replies
const TOOL_EVERY = 10; // every 10th reply has a tool card with a result
const WINDOW = 40; // turns one click on the earlier-button draws (MORE_DRAWN in src/agent-chat/)
const VIEWPORT = { width: 1000, height: 800 };
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
