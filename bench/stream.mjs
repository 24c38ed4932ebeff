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
 *     [--plain-code] [--settle=1000] [--dist=DIR[,DIR…]] [--compare=deep-chat [--compare-runs=2] [--deep-chat-mode=partial|full]]
 *
 * --no-trace skips the Chromium trace (which costs some main-thread time itself); the longest
 *   task then comes from the page's PerformanceObserver('longtask') only.
 * --paced has the server pause 16 ms after every 50 events (about 3,000 deltas/s, a fast model)
 *   instead of flooding the socket: the goals do not apply, but "main-thread busy per 1,000
 *   deltas" then shows whether rendering cost grows with the message length.
 * --protocol=ai-sdk streams the same reply as an AI SDK UI message stream (20,000 `text-delta`
 *   chunks) to the element with `protocol="ai-sdk"`; `--protocol=ag-ui,ai-sdk` measures both.
 * --plain-code sends the same reply with its fences' languages renamed to ones the highlighter does
 *   not know (`ts` → `tq`): no code block is coloured, to see what highlighting costs.
 * --settle=MS: how long the page waits, then for an idle moment, before it sends (default 1,000 ms,
 *   as a person types); `--settle=0` sends as soon as the element is defined, before its lazy
 *   chunks (markdown, message view, adapter) have loaded: the first reply of a page that sends on load.
 * --dist serves another build instead of dist/ (e.g. one of an older commit, made with
 *   `node bench/build-commit.mjs <commit>`); several, comma-separated, are measured side by side.
 * --compare=deep-chat also measures Deep Chat 2.4.2 (`<deep-chat>`, bench/lib/deep-chat-page.mjs)
 *   on the same reply from the same server: `--compare-runs` runs (default 2, no warm-up), never
 *   traced. `--deep-chat-mode=partial` (the default: its `partialRender`, 10–15 s a run here) or
 *   `full` (its default `stream: true`: the whole text rendered again on every delta, many
 *   minutes a run).
 * With more than one subject (builds × protocols, Deep Chat), the runs are interleaved (one of
 * each in turn, Deep Chat's spread among them) and a summary compares them, with the ratios of
 * the goals (ours ÷ Deep Chat ≤ 0.035× on AG-UI, AI SDK ≤ 1.3× AG-UI, no task over 50 ms).
 */
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { benchPage, openBenchPage } from './lib/bench-page.mjs';
import { chunk, markdownDocument, plainFences } from './lib/markdown-doc.mjs';
import { fmt, intervals, median, range, sum } from './lib/stats.mjs';
import { distSizes, formatTable, sizeReport } from './lib/sizes.mjs';
import { analyseTrace } from './lib/trace.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';
import { DEEP_CHAT_BUNDLE, DEEP_CHAT_MODES, deepChatPage } from './lib/deep-chat-page.mjs';
import { cpuTable, observedLongest, ratioLines, summaryTable, warmUpLines } from './lib/stream-compare.mjs';

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
const SETTLE_MS = 1000;

const PROTOCOLS = ['ag-ui', 'ai-sdk'];
const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');

function parseOptions(argv) {
  const value = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const count = (name, fallback) => {
    const n = Number(value(name) ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const protocols = (value('protocol') ?? 'ag-ui').split(',');
  if (!protocols.every((protocol) => PROTOCOLS.includes(protocol))) throw new Error('--protocol must be ag-ui, ai-sdk or both (ag-ui,ai-sdk)');
  const dists = (value('dist') ?? distDir).split(',').map((dir) => resolve(dir));
  const compare = value('compare');
  if (compare !== undefined && compare !== 'deep-chat') throw new Error('--compare takes deep-chat');
  const deepChatMode = value('deep-chat-mode') ?? 'partial';
  if (!DEEP_CHAT_MODES.includes(deepChatMode)) throw new Error(`--deep-chat-mode must be ${DEEP_CHAT_MODES.join(' or ')}`);
  const settleMs = Number(value('settle') ?? SETTLE_MS);
  if (!Number.isFinite(settleMs) || settleMs < 0) throw new Error('--settle takes milliseconds, 0 or more');
  return {
    settleMs,
    plainCode: argv.includes('--plain-code'),
    runs: count('runs', 3),
    trace: !argv.includes('--no-trace'),
    paced: argv.includes('--paced'),
    protocols,
    dists,
    deepChat: compare === 'deep-chat' ? { runs: count('compare-runs', 2), mode: deepChatMode } : undefined,
  };
}

/** How a build is named in the report: dist/ as "dist", another folder by its name (a commit's short sha). */
const buildLabel = (dir) => (dir === distDir ? 'dist' : basename(dir));

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

/** One measured stream of `subject` (our page of one build and protocol, or Deep Chat's) on a fresh page (its own browser context). */
async function runOnce(browser, subject, text) {
  const { server } = subject;
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, pageErrors } = await openBenchPage(context, subject.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { result, busyMs, traceBuffer } = await measureStream(browser, page, cdp, subject);
    checkReply({ ...result, pageErrors }, text);
    const analysis = traceBuffer ? analyseTrace(traceBuffer, { longTaskMs: GOALS.longestTaskMs }) : undefined;
    return {
      startAt: result.start,
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
    row(
      'wall: send → last frame drawn',
      pick((r) => r.wallMs),
      { goal: goal(`< ${GOALS.wallMs}`, (v) => v < GOALS.wallMs) },
    ),
    row(
      '  send → response-end',
      pick((r) => r.streamMs),
    ),
    row(
      '  response-end → 2nd rAF',
      pick((r) => r.lastFrameMs),
    ),
    row(
      'main thread busy (CDP TaskDuration)',
      pick((r) => r.busyMs),
    ),
    row(
      'main thread busy (trace, tasks in window)',
      pick((r) => r.trace?.busyMs),
    ),
    row('longest task', longest, { digits: 1, goal: goal(`≤ ${GOALS.longestTaskMs}`, (v) => v <= GOALS.longestTaskMs) }),
    row(
      'main thread CPU (trace thread time)',
      pick((r) => r.trace?.cpuMs),
    ),
    row(
      'most CPU in one task (trace thread time)',
      pick((r) => r.trace?.longestCpuMs),
      { digits: 1 },
    ),
    row(
      'tasks > 50 ms (trace; count)',
      pick((r) => r.trace?.over50),
    ),
    row(
      'long tasks (PerformanceObserver; count)',
      pick((r) => r.observedLongTasks.length),
    ),
    row(
      'frames with rAF callbacks (trace; count)',
      pick((r) => r.trace?.frames),
    ),
    row(
      'wall per 1,000 deltas, end/start ratio',
      pick((r) => r.wallPerThousand.ratio),
      { digits: 2 },
    ),
    row(
      'busy per 1,000 deltas, end/start ratio',
      pick((r) => r.busyPerThousand?.ratio),
      { digits: 2 },
    ),
    row(
      'server: time to write the stream',
      pick((r) => r.serverWriteMs),
    ),
  ];
  return formatTable(rows.filter(Boolean), ['l', 'r', 'r', 'l']);
}

/** Per-1,000-delta times at the start and the end of the message (median over the runs). */
function perThousandTable(runs) {
  const { count } = runs[0].wallPerThousand;
  const labels = [...Array.from({ length: EDGE_INTERVALS }, (_, i) => `#${i + 1}`), ...Array.from({ length: EDGE_INTERVALS }, (_, i) => `#${count - EDGE_INTERVALS + i + 1}`)];
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
  if (notStuck)
    lines.push(
      `note: in ${notStuck}/${runs.length} runs the log was not scrolled to the end after the reply (jump button shown: ${runs.filter((r) => r.jumpButtonShown).length}/${runs.length})`,
    );
  return lines;
}

/** The full report of one subject (the bench's output when it measures one build and protocol). */
function printReport(runs, options, distDir) {
  console.log(`\nStream (${runs.length} run${runs.length === 1 ? '' : 's'} after 1 warm-up; median and range)`);
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

/** The side-by-side report of several subjects (builds × protocols, Deep Chat). */
function printComparison(subjects) {
  console.log('\nSide by side (median (min–max); long tasks from PerformanceObserver for every subject)');
  console.log(summaryTable(subjects).join('\n'));
  const cpu = cpuTable(subjects);
  if (cpu.length) console.log(`\nFrom the traces (thread time: what ran on a core; the heaviest of the three longest tasks of each run)\n${cpu.join('\n')}`);
  for (const subject of subjects.filter((s) => s.runs.length)) console.log(`\n${subject.label}\n${perThousandTable(subject.runs).join('\n')}`);
  const warm = warmUpLines(subjects);
  if (warm.length) console.log(`\nWarm-up runs (the first page of each subject after the browser started; not in the medians):\n${warm.join('\n')}`);
  console.log(`\n${ratioLines(subjects).join('\n')}`);
}

/**
 * One server per build, with a page per protocol (`/ag-ui`, `/ai-sdk`), the first also with Deep
 * Chat's page and bundle; one subject per build and protocol, and Deep Chat.
 */
async function startSubjects(options, text, cleanup) {
  const subjects = [];
  for (const [i, dir] of options.dists.entries()) {
    const dist = snapshotDist(dir);
    cleanup.push(dist.remove);
    const { settleMs } = options;
    const pages = Object.fromEntries(PROTOCOLS.map((protocol) => [`/${protocol}`, benchPage({ viewport: VIEWPORT, protocol, endpoint: `/agent/${protocol}`, settleMs })]));
    const deepChat = i === 0 && options.deepChat;
    if (deepChat) pages['/deep-chat'] = deepChatPage({ viewport: VIEWPORT, endpoint: '/agent/ag-ui', bundle: '/deep-chat.js', mode: deepChat.mode, settleMs });
    const server = await startBenchServer({
      page: benchPage({ viewport: VIEWPORT, protocol: options.protocols[0], settleMs }),
      pages,
      files: deepChat ? { '/deep-chat.js': join(root, DEEP_CHAT_BUNDLE) } : {},
      distDir: dist.dir,
      deltas: chunk(text, DELTA_CHARS),
      pace: options.paced ? PACE : undefined,
      protocol: options.protocols[0],
    });
    cleanup.push(server.close);
    const build = buildLabel(dir);
    for (const protocol of options.protocols) {
      const label = options.dists.length > 1 ? `${build} ${protocol}` : `agent-chat ${protocol}`;
      subjects.push({
        kind: 'agent-chat',
        label,
        build,
        protocol,
        distDir: dist.dir,
        server,
        url: `${server.url}/${protocol}`,
        count: options.runs,
        trace: options.trace,
        runs: [],
      });
    }
    if (deepChat) {
      const label = `Deep Chat 2.4.2 (${deepChat.mode === 'partial' ? 'partialRender' : 'stream: true'})`;
      subjects.push({ kind: 'deep-chat', label, protocol: 'ag-ui', server, url: `${server.url}/deep-chat`, count: deepChat.runs, trace: false, runs: [] });
    }
  }
  return subjects;
}

/** Which subjects run in each round: all of them `rounds` times, one with fewer runs spread evenly among the rounds. */
function schedule(subjects) {
  const rounds = Math.max(...subjects.map((subject) => subject.count));
  const order = Array.from({ length: rounds }, () => []);
  for (const subject of subjects) {
    for (let k = 0; k < subject.count; k++) order[Math.floor(((k + 0.5) * rounds) / subject.count)].push(subject);
  }
  return order.flat();
}

function runLine(subject, run, n) {
  const longest = observedLongest(run);
  const at = longest.atMs === undefined ? '' : ` at +${fmt(longest.atMs)} ms`;
  const traced = run.trace ? `, longest task (trace) ${fmt(run.trace.longestMs, 1)} ms` : '';
  return (
    `${subject.label} run ${n}: wall ${fmt(run.wallMs)} ms, busy ${fmt(run.busyMs)} ms, ` +
    `longest task ${fmt(longest.ms, 1)} ms${at} (${run.observedLongTasks.length} long)${traced}; load average ${load()}`
  );
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const text = options.plainCode ? plainFences(markdownDocument(MESSAGE_CHARS)) : markdownDocument(MESSAGE_CHARS);
    const subjects = await startSubjects(options, text, cleanup);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());

    const pace = options.paced ? `paced: ${PACE.every} events then ${PACE.pauseMs} ms pause` : 'as fast as the socket takes it';
    console.log(
      `Chromium ${browser.version()}; ${subjects.map((subject) => subject.label).join(' · ')}; ${MESSAGE_CHARS.toLocaleString('en')} chars${options.plainCode ? ' (code not highlighted)' : ''} in ${DELTA_CHARS}-char deltas (${pace}); ` +
        `viewport ${VIEWPORT.width}×${VIEWPORT.height}; sent ${options.settleMs ? `after ${options.settleMs} ms and an idle moment` : 'at once'}; trace ${options.trace ? 'on' : 'off'}; load average ${load()}`,
    );
    for (const subject of subjects.filter((s) => s.kind === 'agent-chat')) {
      subject.warmUp = await runOnce(browser, subject, text);
      console.log(runLine(subject, subject.warmUp, 'warm-up'));
    }
    for (const subject of schedule(subjects)) {
      const run = await runOnce(browser, subject, text);
      subject.runs.push(run);
      console.log(runLine(subject, run, subject.runs.length));
    }
    const ours = subjects.filter((subject) => subject.kind === 'agent-chat');
    if (subjects.length === 1) printReport(ours[0].runs, options, ours[0].distDir);
    else printComparison(subjects);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
