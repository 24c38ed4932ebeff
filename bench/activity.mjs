#!/usr/bin/env node
/**
 * Subagent-activity benchmark: one reply in which the lead delegates (tool call `delegate`) to
 * subagent A, A starts B, B starts C (three deep), and the three make 256 tool calls between them,
 * round robin (every level keeps growing), each START, ARGS, END and RESULT (short markdown; every
 * 32nd an HTML table), streamed from a local AG-UI server into <agent-chat> in headless Chromium.
 *
 * Reports, from send(): the time to `agent-chat-response-end` and to the last frame drawn,
 * main-thread busy time, the longest task and tasks over 50 ms (trace; with their CPU time, which
 * tells work from a descheduled thread on a busy machine), the busy time per 32 calls
 * from the first to the last (does a call cost more as the activity grows?), and where the time
 * went. A run fails unless the reply ends `done` with 256 activity cards shown in three nested
 * blocks under the lead's `delegate` card, and no "more calls not shown" line; after the measured
 * window it opens the 8 cards with an HTML result and checks that each shows its table. One warm-up run,
 * then 3 measured runs (fresh page each); median and range.
 *
 *   npm run build && node bench/activity.mjs [--runs=3] [--no-trace] [--paced]
 *
 * --no-trace skips the Chromium trace; the longest task then comes from PerformanceObserver only.
 * --paced has the server pause 16 ms after every 4 events (one call, about 60 calls/s, a busy
 *   team of agents) instead of flooding the socket.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { FINAL_TEXT, LEVELS, MARK_EVERY, activityBenchPage, activityEvents, startActivityServer, taskCpuTimes } from './lib/activity.mjs';
import { fmt, intervals, median, range } from './lib/stats.mjs';
import { formatTable } from './lib/sizes.mjs';
import { analyseTrace } from './lib/trace.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';

const CALLS = 256;
const HTML_EVERY = 32;
const VIEWPORT = { width: 1000, height: 800 };
const GOALS = { longestTaskMs: 50 };
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute'];
const PROMPT = 'Research the trend in the 2025 figures.';
const PACE = { every: 4, pauseMs: 16 };

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { runs, trace: !argv.includes('--no-trace'), paced: argv.includes('--paced') };
}

/** The renderer main thread's cumulative busy time (CDP TaskDuration), in ms. */
async function taskDurationMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
}

/** Fails loudly when the reply did not arrive whole or its activity was not drawn as sent. */
function checkReply(result) {
  const problems = [];
  if (result.status !== 'done') problems.push(`reply status is "${result.status}", not "done"`);
  if (result.results !== CALLS) problems.push(`${result.results} subagent call results reached the element`);
  if (!result.replyText?.includes(FINAL_TEXT.join(''))) problems.push('the reply text lacks the final lead text');
  const cards = result.blocks.reduce((total, block) => total + block.cards, 0);
  const visible = result.blocks.reduce((total, block) => total + block.visibleCards, 0);
  if (cards !== CALLS) problems.push(`${cards} activity cards in the DOM, not ${CALLS}`);
  if (visible !== CALLS) problems.push(`${visible} activity cards visible, not ${CALLS}`);
  const depths = result.blocks.map((block) => block.depth).join(',');
  if (depths !== '1,2,3') problems.push(`activity blocks at depths [${depths}], not [1,2,3]`);
  if (result.blocks[0] && !result.blocks[0].underLeadCall) problems.push('the first activity block is not under the lead’s delegate card');
  if (result.leadCards !== 1) problems.push(`${result.leadCards} lead tool cards, not 1`);
  if (result.moreLine) problems.push(`a "more calls" line is shown: "${result.moreLine}"`);
  if (result.pageErrors.length) problems.push(`page errors: ${result.pageErrors.join('; ')}`);
  if (problems.length) throw new Error(`activity bench: ${problems.join('; ')}`);
}

async function openBenchPage(context, url) {
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => response.status() >= 400 && pageErrors.push(`${response.status()} for ${response.url()}`));
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.bench?.ready === true, undefined, { timeout: 15_000 });
  } catch (error) {
    throw new Error(`the bench page did not get ready (${pageErrors.join('; ') || error.message})`);
  }
  return { page, pageErrors };
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
async function runOnce(browser, server, options) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, pageErrors } = await openBenchPage(context, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { result, busyMs, traceBuffer } = await measureStream(browser, page, cdp, options);
    checkReply({ ...result, pageErrors });
    const rich = await page.evaluate(() => window.bench.openRichResults());
    if (rich.htmlCards !== CALLS / HTML_EVERY || rich.tablesShown !== rich.htmlCards) {
      throw new Error(`activity bench: ${rich.tablesShown} of ${rich.htmlCards} HTML results showed a table when opened (expected ${CALLS / HTML_EVERY})`);
    }
    const analysis = traceBuffer ? analyseTrace(traceBuffer, { longTaskMs: GOALS.longestTaskMs, keepLongest: 3 }) : undefined;
    const cpu = traceBuffer ? taskCpuTimes(traceBuffer, { longTaskMs: GOALS.longestTaskMs, keep: 3 }) : undefined;
    return {
      streamMs: result.responseEnd - result.start,
      wallMs: result.drawn - result.start,
      lastFrameMs: result.drawn - result.responseEnd,
      busyMs,
      trace: analysis,
      cpu,
      observedLongTasks: result.longTasks,
      // Per 32 calls: wall from the marks; main-thread busy from the trace between the same marks.
      wallPerBatch: intervals(result.marks.map((mark) => mark.at)),
      busyPerBatch: analysis?.busyPerDeltaMark.map((mark) => mark.busyMs),
      serverWriteMs: server.lastStream().writeMs,
      serverEvents: server.lastStream().events,
      blocks: result.blocks,
      stuckToBottom: result.stuckToBottom,
      rich,
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
  const verdict = goal ? `${goal.text} ${goal.met(mid) ? 'met' : 'MISSED'} (${defined.filter(goal.met).length}/${defined.length} runs)` : '';
  return [label, fmt(mid, digits), `${fmt(min, digits)}–${fmt(max, digits)}`, verdict];
}

function resultTable(runs) {
  const pick = (fn) => runs.map(fn);
  const rows = [
    ['metric (ms unless noted)', 'median', 'range', 'goal'],
    row(
      'total: send → response-end',
      pick((r) => r.streamMs),
    ),
    row(
      '  response-end → 2nd rAF',
      pick((r) => r.lastFrameMs),
    ),
    row(
      'wall: send → last frame drawn',
      pick((r) => r.wallMs),
    ),
    row(
      'main thread busy (CDP TaskDuration)',
      pick((r) => r.busyMs),
    ),
    row(
      'main thread busy (trace, tasks in window)',
      pick((r) => r.trace?.busyMs),
    ),
    row(runs[0].trace ? 'longest task (trace)' : 'longest task over 50 ms (PerformanceObserver; 0 = none)', pick(longestTaskMs), {
      digits: 1,
      goal: { text: `≤ ${GOALS.longestTaskMs}`, met: (v) => v <= GOALS.longestTaskMs },
    }),
    row(
      '  its CPU time (trace)',
      pick((r) => r.cpu?.tasks[0]?.cpuMs),
      { digits: 1 },
    ),
    row(
      'most CPU time in one task (trace)',
      pick((r) => r.cpu?.maxCpuMs),
      { digits: 1 },
    ),
    row(
      'tasks > 50 ms (trace; count)',
      pick((r) => r.trace?.over50),
    ),
    row(
      'tasks > 50 ms of CPU time (trace; count)',
      pick((r) => r.cpu?.overCpu),
    ),
    row(
      'long tasks (PerformanceObserver; count)',
      pick((r) => r.observedLongTasks.length),
    ),
    row(
      'main-thread tasks (trace; count)',
      pick((r) => r.trace?.taskCount),
    ),
    row(
      'frames with rAF callbacks (trace; count)',
      pick((r) => r.trace?.frames),
    ),
    row(
      'server: time to write the stream',
      pick((r) => r.serverWriteMs),
    ),
  ];
  return formatTable(rows.filter(Boolean), ['l', 'r', 'r', 'l']);
}

/** Wall and main-thread busy time per 32 calls, first to last (median over the runs). */
function perBatchTable(runs) {
  const count = runs[0].wallPerBatch.length;
  const labels = Array.from({ length: count }, (_, i) => `${i === 0 ? 1 : i * MARK_EVERY}–${(i + 1) * MARK_EVERY}`);
  const line = (name, key) => [name, ...labels.map((_, i) => fmt(median(runs.map((r) => r[key][i])), 0))];
  const rows = [[`per ${MARK_EVERY} calls (ms, median)`, ...labels], line('wall', 'wallPerBatch')];
  if (runs.every((r) => r.busyPerBatch?.length === count)) rows.push(line('main-thread busy (trace)', 'busyPerBatch'));
  return formatTable(rows, ['l', ...labels.map(() => 'r')]);
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
    const cpu = run.cpu?.tasks.find((t) => Math.abs(t.atMs - task.atMs) < 0.01)?.cpuMs;
    const groups = Object.entries(task.profile.groups)
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms >= 1)
      .map(([group, ms]) => `${group} ${fmt(ms)}`)
      .join(', ');
    const top = task.profile.top
      .slice(0, 4)
      .map((e) => `${e.name} ${fmt(e.ms)}`)
      .join(', ');
    return `  ${fmt(task.ms, 1)} ms (CPU ${fmt(cpu, 1)}) at +${fmt(task.atMs)} ms: ${groups} (top: ${top})`;
  });
}

function domSummary(run) {
  const blocks = run.blocks.map((b) => `depth ${b.depth} "${b.label}": ${b.cards} cards (${b.visibleCards} visible)`).join('; ');
  const rich = run.blocks.reduce((total, b) => total + b.richResults, 0);
  return (
    `DOM after the reply: ${blocks}; ${rich} rich results rendered (the cards start closed); no "more calls" line.\n` +
    `After the measured window, opening the ${run.rich.htmlCards} cards with an HTML result showed ${run.rich.tablesShown} tables in ${fmt(run.rich.ms)} ms.`
  );
}

function printReport(runs, options) {
  console.log(`\nSubagent activity (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up; median and range)`);
  console.log(resultTable(runs).join('\n'));
  console.log(`\n${perBatchTable(runs).join('\n')}`);
  const profile = profileTable(runs);
  if (profile.length) console.log(`\n${profile.join('\n')}`);
  const longest = longestTasks(runs);
  if (longest.length) console.log(`\nLongest tasks (median run):\n${longest.join('\n')}`);
  console.log(`\n${domSummary(runs[runs.length - 1])}`);
  const notStuck = runs.filter((r) => !r.stuckToBottom).length;
  if (notStuck) console.log(`note: in ${notStuck}/${runs.length} runs the log was not scrolled to the end after the reply`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(distDir);
    cleanup.push(dist.remove);
    const server = await startActivityServer({
      page: activityBenchPage({ viewport: VIEWPORT }),
      distDir: dist.dir,
      events: ({ threadId, runId }) => activityEvents({ threadId, runId, calls: CALLS, htmlEvery: HTML_EVERY }),
      pace: options.paced ? PACE : undefined,
    });
    cleanup.push(server.close);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());

    const events = activityEvents({ threadId: 't', runId: 'r', calls: CALLS, htmlEvery: HTML_EVERY }).length;
    const pace = options.paced ? `paced: ${PACE.every} events then ${PACE.pauseMs} ms pause` : 'as fast as the socket takes it';
    console.log(
      `Chromium ${browser.version()}; ${CALLS} subagent calls round robin over ${LEVELS.length} nested subagents ` +
        `(${LEVELS.map((l) => l.name).join(' → ')}), ${events} events (${pace}); ` +
        `viewport ${VIEWPORT.width}×${VIEWPORT.height}; trace ${options.trace ? 'on' : 'off'}; load average ${load()}`,
    );
    await runOnce(browser, server, options);
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(browser, server, options);
      runs.push(run);
      console.log(
        `run ${i + 1}: send → response-end ${fmt(run.streamMs)} ms, busy ${fmt(run.busyMs)} ms, ` +
          `longest task ${fmt(longestTaskMs(run), 1)} ms${run.cpu ? ` (CPU ${fmt(run.cpu.tasks[0]?.cpuMs, 1)})` : ''}, ` +
          `${run.trace ? `${run.trace.over50} tasks > 50 ms; ` : ''}load average ${load()}`,
      );
    }
    printReport(runs, options);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
