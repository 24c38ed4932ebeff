#!/usr/bin/env node
/**
 * Stream benchmark: a 100,000-character markdown reply in 5-character deltas (20,000
 * TEXT_MESSAGE_CONTENT events) from a local AG-UI server into <agent-chat> in headless Chromium.
 *
 * Reports, from send() to the reply's last frame drawn: wall time, main-thread busy time, the
 * longest task and tasks over 50 ms, and the time per 1,000 deltas at the start versus the end
 * of the message; then the gzip sizes of the builds. One warm-up run, then 3 measured runs
 * (fresh page each); median and range.
 *
 *   npm run build && node bench/stream.mjs [--runs=3] [--no-trace] [--paced] [--protocol=ai-sdk]
 *
 * --no-trace skips the Chromium trace (which costs some main-thread time itself); the longest
 *   task then comes from the page's PerformanceObserver('longtask') only.
 * --paced has the server pause 16 ms after every 50 events (about 3,000 deltas/s, a fast model)
 *   instead of flooding the socket: the goals do not apply, but "main-thread busy per 1,000
 *   deltas" then shows whether rendering cost grows with the message length.
 * --protocol=ai-sdk streams the same reply as an AI SDK UI message stream (20,000 `text-delta`
 *   chunks) to the element with `protocol="ai-sdk"`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { benchPage, openBenchPage } from './lib/bench-page.mjs';
import { chunk, markdownDocument } from './lib/markdown-doc.mjs';
import { fmt, intervals, median, range, sum } from './lib/stats.mjs';
import { distSizes, formatTable, sizeReport } from './lib/sizes.mjs';
import { analyseTrace } from './lib/trace.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';

const MESSAGE_CHARS = 100_000;
const DELTA_CHARS = 5;
const VIEWPORT = { width: 1000, height: 800 };
const GOALS = { wallMs: 2500, longestTaskMs: 50 };
const MIN_RENDERED_CHARS = 70_000;
const EDGE_INTERVALS = 3;
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute'];
const PROMPT = 'Write the operations guide.';
const PACE = { every: 50, pauseMs: 16 };

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const protocol = argv.find((arg) => arg.startsWith('--protocol='))?.split('=')[1] ?? 'ag-ui';
  if (!['ag-ui', 'ai-sdk'].includes(protocol)) throw new Error('--protocol must be ag-ui or ai-sdk');
  return { runs, trace: !argv.includes('--no-trace'), paced: argv.includes('--paced'), protocol };
}

/** The renderer main thread's cumulative busy time (CDP TaskDuration), in ms. */
async function taskDurationMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
}

/** Fails loudly when the reply did not arrive whole or was not rendered. */
function checkReply(result, expectedText) {
  const problems = [];
  if (result.status !== 'done') problems.push(`reply status is "${result.status}", not "done"`);
  if (result.deltas !== expectedText.length / DELTA_CHARS) problems.push(`${result.deltas} text deltas reached the element`);
  if (result.replyText !== expectedText) problems.push(`reply text differs from the sent document (${result.replyText.length} chars)`);
  if (result.renderedChars <= MIN_RENDERED_CHARS) problems.push(`only ${result.renderedChars} characters rendered in the markdown element`);
  if (result.pageErrors.length) problems.push(`page errors: ${result.pageErrors.join('; ')}`);
  if (problems.length) throw new Error(`stream bench: ${problems.join('; ')}`);
}

/** Start versus end of per-1,000-delta times (marks at delta 1, 1000, 2000, … 20000). */
function startVersusEnd(times) {
  const first = times.slice(0, EDGE_INTERVALS);
  const last = times.slice(-EDGE_INTERVALS);
  return { count: times.length, first, last, ratio: sum(last) / sum(first) };
}

/** Sends the prompt and waits for the reply's last frame; CDP busy time and (optionally) a trace around it. */
async function measureStream(browser, page, cdp, { trace }) {
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const busyBefore = await taskDurationMs(cdp);
  const result = await page.evaluate((prompt) => window.bench.run(prompt), PROMPT);
  const busyMs = (await taskDurationMs(cdp)) - busyBefore;
  const traceBuffer = trace ? await browser.stopTracing() : undefined;
  return { result, busyMs, traceBuffer };
}

/** One measured stream on a fresh page (its own browser context). */
async function runOnce(browser, server, text, options) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, pageErrors } = await openBenchPage(context, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { result, busyMs, traceBuffer } = await measureStream(browser, page, cdp, options);
    checkReply({ ...result, pageErrors }, text);
    const analysis = traceBuffer ? analyseTrace(traceBuffer, { longTaskMs: GOALS.longestTaskMs }) : undefined;
    return {
      wallMs: result.drawn - result.start,
      streamMs: result.responseEnd - result.start,
      lastFrameMs: result.drawn - result.responseEnd,
      busyMs,
      trace: analysis,
      observedLongTasks: result.longTasks,
      wallPerThousand: startVersusEnd(intervals(result.marks.map((mark) => mark.at))),
      busyPerThousand: analysis ? startVersusEnd(analysis.busyPerDeltaMark.map((mark) => mark.busyMs)) : undefined,
      serverWriteMs: server.lastStream().writeMs,
      stuckToBottom: result.stuckToBottom,
      jumpButtonShown: result.jumpButtonShown,
    };
  } finally {
    await context.close();
  }
}

/** Longest task: from the trace when there is one, else from PerformanceObserver('longtask'). */
const longestTaskMs = (run) => run.trace?.longestMs ?? Math.max(0, ...run.observedLongTasks.map((task) => task.duration));

/** A table row: label, median, min–max, goal verdict; undefined when there are no values (e.g. no trace). */
function row(label, values, { digits = 0, goal } = {}) {
  const defined = values.filter((v) => v !== undefined && Number.isFinite(v));
  if (!defined.length) return undefined;
  const mid = median(defined);
  const { min, max } = range(defined);
  const verdict = goal ? `${goal.text} ${goal.met(mid) ? 'met' : 'MISSED'}` : '';
  return [label, fmt(mid, digits), `${fmt(min, digits)}–${fmt(max, digits)}`, verdict];
}

function resultTable(runs, { paced }) {
  const pick = (fn) => runs.map(fn);
  const goal = (text, met) => (paced ? undefined : { text, met });
  const longest = pick(longestTaskMs);
  const rows = [
    ['metric (ms unless noted)', 'median', 'range', paced ? '' : 'goal'],
    row('wall: send → last frame drawn', pick((r) => r.wallMs), { goal: goal(`< ${GOALS.wallMs}`, (v) => v < GOALS.wallMs) }),
    row('  send → response-end', pick((r) => r.streamMs)),
    row('  response-end → 2nd rAF', pick((r) => r.lastFrameMs)),
    row('main thread busy (CDP TaskDuration)', pick((r) => r.busyMs)),
    row('main thread busy (trace, tasks in window)', pick((r) => r.trace?.busyMs)),
    row('longest task', longest, { digits: 1, goal: goal(`≤ ${GOALS.longestTaskMs}`, (v) => v <= GOALS.longestTaskMs) }),
    row('tasks > 50 ms (trace; count)', pick((r) => r.trace?.over50)),
    row('long tasks (PerformanceObserver; count)', pick((r) => r.observedLongTasks.length)),
    row('frames with rAF callbacks (trace; count)', pick((r) => r.trace?.frames)),
    row('wall per 1,000 deltas, end/start ratio', pick((r) => r.wallPerThousand.ratio), { digits: 2 }),
    row('busy per 1,000 deltas, end/start ratio', pick((r) => r.busyPerThousand?.ratio), { digits: 2 }),
    row('server: time to write the stream', pick((r) => r.serverWriteMs)),
  ];
  return formatTable(rows.filter(Boolean), ['l', 'r', 'r', 'l']);
}

/** Per-1,000-delta times at the start and the end of the message (median over the runs). */
function perThousandTable(runs) {
  const { count } = runs[0].wallPerThousand;
  const labels = [
    ...Array.from({ length: EDGE_INTERVALS }, (_, i) => `#${i + 1}`),
    ...Array.from({ length: EDGE_INTERVALS }, (_, i) => `#${count - EDGE_INTERVALS + i + 1}`),
  ];
  const line = (name, key) => {
    const edges = (r) => [...r[key].first, ...r[key].last];
    return [name, ...labels.map((_, i) => fmt(median(runs.map((r) => edges(r)[i])), 1)), fmt(median(runs.map((r) => r[key].ratio)), 2)];
  };
  const rows = [['per 1,000 deltas (ms, median)', ...labels, 'end/start'], line('wall', 'wallPerThousand')];
  if (runs.every((r) => r.busyPerThousand)) rows.push(line('main-thread busy (trace)', 'busyPerThousand'));
  return formatTable(rows, ['l', ...labels.map(() => 'r'), 'r']);
}

/** Where the traced busy time went: self time per DevTools-like group, median over the runs. */
function profileTable(runs) {
  const traced = runs.filter((r) => r.trace);
  if (!traced.length) return [];
  const groups = [...new Set(traced.flatMap((r) => Object.keys(r.trace.profile.groups)))];
  const rows = groups
    .map((group) => [group, median(traced.map((r) => r.trace.profile.groups[group] ?? 0))])
    .sort((a, b) => b[1] - a[1])
    .map(([group, ms]) => [group, fmt(ms)]);
  return formatTable([['self time by kind (trace)', 'median ms'], ...rows], ['l', 'r']);
}

/** The longest tasks of the run whose longest task is the median, with what they spent their time on. */
function longestTasks(runs) {
  const traced = runs.filter((r) => r.trace);
  if (!traced.length) return [];
  const byLongest = [...traced].sort((a, b) => a.trace.longestMs - b.trace.longestMs);
  const run = byLongest[Math.floor(byLongest.length / 2)];
  return run.trace.longest.map((task) => {
    const groups = Object.entries(task.profile.groups)
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms >= 1)
      .map(([group, ms]) => `${group} ${fmt(ms)}`)
      .join(', ');
    const top = task.profile.top
      .slice(0, 4)
      .map((e) => `${e.name} ${fmt(e.ms)}`)
      .join(', ');
    return `  ${fmt(task.ms, 1)} ms at +${fmt(task.atMs)} ms: ${groups} (top: ${top})`;
  });
}

function notes(runs) {
  const lines = [];
  const notStuck = runs.filter((r) => !r.stuckToBottom).length;
  if (notStuck) lines.push(`note: in ${notStuck}/${runs.length} runs the log was not scrolled to the end after the reply (jump button shown: ${runs.filter((r) => r.jumpButtonShown).length}/${runs.length})`);
  return lines;
}


function printReport(runs, options, distDir) {
  console.log(`\nStream (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up; median and range)`);
  console.log(resultTable(runs, options).join('\n'));
  console.log(`\n${perThousandTable(runs).join('\n')}`);
  const profile = profileTable(runs);
  if (profile.length) console.log(`\n${profile.join('\n')}`);
  const longest = longestTasks(runs);
  if (longest.length) console.log(`\nLongest tasks (median run):\n${longest.join('\n')}`);
  const extra = notes(runs);
  if (extra.length) console.log(`\n${extra.join('\n')}`);
  console.log(`\nSizes\n${sizeReport(distSizes(distDir)).join('\n')}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(distDir);
    cleanup.push(dist.remove);
    const text = markdownDocument(MESSAGE_CHARS);
    const server = await startBenchServer({
      page: benchPage({ viewport: VIEWPORT, protocol: options.protocol }),
      distDir: dist.dir,
      deltas: chunk(text, DELTA_CHARS),
      pace: options.paced ? PACE : undefined,
      protocol: options.protocol,
    });
    cleanup.push(server.close);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());

    const pace = options.paced ? `paced: ${PACE.every} events then ${PACE.pauseMs} ms pause` : 'as fast as the socket takes it';
    console.log(
      `Chromium ${browser.version()}; ${options.protocol}; ${MESSAGE_CHARS.toLocaleString('en')} chars in ${DELTA_CHARS}-char deltas (${pace}); ` +
        `viewport ${VIEWPORT.width}×${VIEWPORT.height}; trace ${options.trace ? 'on' : 'off'}; load average ${load()}`,
    );
    await runOnce(browser, server, text, options);
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(browser, server, text, options);
      runs.push(run);
      console.log(
        `run ${i + 1}: wall ${fmt(run.wallMs)} ms, busy ${fmt(run.busyMs)} ms, ` +
          `longest task ${fmt(longestTaskMs(run), 1)} ms; load average ${load()}`,
      );
    }
    printReport(runs, options, dist.dir);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
