#!/usr/bin/env node
/**
 * Code stream benchmark: a 100,000-character reply holding 55 fenced code blocks in eleven
 * languages (bench/lib/code-doc.mjs), in 5-character deltas from a local AG-UI server into
 * <agent-chat> (built ES bundle, headless Chromium). Highlighting is on the streaming path: each
 * block is coloured while it streams (at most once per frame) and when its fence closes.
 *
 * Reports, from send() to the reply's last frame drawn: wall time, main-thread busy time, the
 * longest task and the tasks over 50 ms (Chromium trace, and PerformanceObserver 'longtask'); and
 * checks that the reply ended `done` with all 55 blocks coloured and their text intact. Then, in
 * the same page, the highlighter chunk's time for one 2,000-line file (the first 2,000 lines of
 * highlight.js's own core, as JavaScript), median of 5. One warm-up run, then `--runs` measured
 * runs (fresh page each); median and range.
 *
 *   npm run build && node bench/code-stream.mjs [--runs=3] [--no-trace] [--plain]
 *
 * --plain streams the same reply with fences naming no known language (`x…`): no block is
 *   coloured and the highlighter never loads, to compare what highlighting costs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { benchPage, openBenchPage } from './lib/bench-page.mjs';
import { codeDocument, CODE_LANGUAGES } from './lib/code-doc.mjs';
import { chunk } from './lib/markdown-doc.mjs';
import { fmt, median, range } from './lib/stats.mjs';
import { distSizes, formatTable, kb } from './lib/sizes.mjs';
import { analyseTrace } from './lib/trace.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';

const MESSAGE_CHARS = 100_000;
const CODE_BLOCKS = 55;
const DELTA_CHARS = 5;
const VIEWPORT = { width: 1000, height: 800 };
const LONG_TASK_MS = 50;
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute'];
const PROMPT = 'Show me the build steps with code.';
const FILE_LINES = 2_000;

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { runs, trace: !argv.includes('--no-trace'), plain: argv.includes('--plain') };
}

/** Runs in the page: the last reply's code blocks, how many are coloured, and their code. */
function codeBlocksInReply() {
  const element = document.querySelector('agent-chat');
  const messages = element.shadowRoot.querySelectorAll('agent-chat-message');
  const markdown = messages[messages.length - 1]?.shadowRoot?.querySelector('agent-chat-markdown');
  const codes = [...(markdown?.querySelectorAll('.code-block pre code') ?? [])];
  const colouredCodes = codes.filter((code) => code.querySelector('[class^="hljs-"]'));
  const keyword = colouredCodes[0]?.querySelector('.hljs-keyword');
  return {
    blocks: codes.length,
    coloured: colouredCodes.length,
    codes: codes.map((code) => code.textContent),
    keywordDiffers: keyword ? getComputedStyle(keyword).color !== getComputedStyle(colouredCodes[0]).color : false,
  };
}

/** Runs in the page: imports the highlighter chunk and times one file, median of `times`. */
async function timeHighlight({ chunkUrl, code, grammar, times }) {
  const { highlightCode } = await import(chunkUrl);
  // Each call is a reply of its own, so that no call finds a reply's highlighting time spent.
  await highlightCode(code, grammar, { reply: {} });
  const durations = [];
  let spans = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    // Off the main thread since the worker: this is the time until the page holds the spans.
    const fragment = await highlightCode(code, grammar, { reply: {} });
    if (typeof fragment === 'string') throw new Error(`the file was not highlighted: ${fragment}`);
    durations.push(performance.now() - started);
    spans = fragment.querySelectorAll('span').length;
  }
  durations.sort((a, b) => a - b);
  return { medianMs: durations[Math.floor(times / 2)], spans };
}

function expectedCodes(text) {
  return [...text.matchAll(/^```\w+\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

function checkReply(result, blocks, text, { plain }) {
  const coloured = plain ? 0 : CODE_BLOCKS;
  const problems = [];
  if (result.status !== 'done') problems.push(`reply status is "${result.status}"`);
  if (result.replyText !== text) problems.push('reply text differs from the sent document');
  if (blocks.blocks !== CODE_BLOCKS) problems.push(`${blocks.blocks} code blocks drawn, not ${CODE_BLOCKS}`);
  if (blocks.coloured !== coloured) problems.push(`${blocks.coloured} of ${blocks.blocks} code blocks coloured, not ${coloured}`);
  const expected = expectedCodes(text);
  if (blocks.codes.some((code, i) => code !== expected[i])) problems.push('a block’s code differs from the sent code');
  if (!plain && !blocks.keywordDiffers) problems.push('keywords are not coloured apart from the text');
  if (result.pageErrors.length) problems.push(`page errors: ${result.pageErrors.join('; ')}`);
  if (problems.length) throw new Error(`code stream bench: ${problems.join('; ')}`);
}

async function runOnce(browser, server, text, options) {
  const { trace } = options;
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, pageErrors } = await openBenchPage(context, server.url);
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const result = await page.evaluate((prompt) => window.bench.run(prompt), PROMPT);
    const traceBuffer = trace ? await browser.stopTracing() : undefined;
    const blocks = await page.evaluate(codeBlocksInReply);
    checkReply({ ...result, pageErrors }, blocks, text, options);
    const analysis = traceBuffer ? analyseTrace(traceBuffer, { longTaskMs: LONG_TASK_MS }) : undefined;
    return { page, context, wallMs: result.drawn - result.start, observedLongTasks: result.longTasks, trace: analysis };
  } catch (error) {
    await context.close();
    throw error;
  }
}

const longestTaskMs = (run) => run.trace?.longestMs ?? Math.max(0, ...run.observedLongTasks.map((task) => task.duration));

function row(label, values, digits = 0) {
  const defined = values.filter((v) => v !== undefined && Number.isFinite(v));
  if (!defined.length) return undefined;
  const { min, max } = range(defined);
  return [label, fmt(median(defined), digits), `${fmt(min, digits)}–${fmt(max, digits)}`];
}

/** A long task with where its time went (trace groups, then the busiest functions). */
function describeTask(task) {
  const groups = Object.entries(task.profile.groups)
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 1)
    .map(([group, ms]) => `${group} ${fmt(ms)}`);
  const top = task.profile.top.slice(0, 4).map((entry) => `${entry.name} ${fmt(entry.ms)}`);
  return `  ${fmt(task.ms, 1)} ms at +${fmt(task.atMs)} ms: ${groups.join(', ')} (top: ${top.join(', ')})`;
}

/** The first 2,000 lines of a real JavaScript file: highlight.js's own core. */
function twoThousandLines() {
  const path = createRequire(import.meta.url).resolve('highlight.js/lib/core');
  return readFileSync(path, 'utf8').split('\n').slice(0, FILE_LINES).join('\n');
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(distDir);
    cleanup.push(dist.remove);
    const chunkFile = readdirSync(dist.dir).find((file) => /^highlighter-.*\.js$/.test(file));
    if (!chunkFile) throw new Error('no highlighter chunk in dist/: run `npm run build` first');
    const text = codeDocument({ length: MESSAGE_CHARS, blocks: CODE_BLOCKS, plain: options.plain });
    const server = await startBenchServer({ page: benchPage({ viewport: VIEWPORT }), distDir: dist.dir, deltas: chunk(text, DELTA_CHARS) });
    cleanup.push(server.close);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());
    console.log(
      `Chromium ${browser.version()}; ${MESSAGE_CHARS.toLocaleString('en')} chars with ${CODE_BLOCKS} code blocks (${options.plain ? 'plain: no known language' : CODE_LANGUAGES.join(', ')}) ` +
        `in ${DELTA_CHARS}-char deltas; viewport ${VIEWPORT.width}×${VIEWPORT.height}; trace ${options.trace ? 'on' : 'off'}; load average ${load()}`,
    );
    const warmUp = await runOnce(browser, server, text, options);
    await warmUp.context.close();
    const runs = [];
    let fileTiming;
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(browser, server, text, options);
      runs.push(run);
      console.log(`run ${i + 1}: wall ${fmt(run.wallMs)} ms, longest task ${fmt(longestTaskMs(run), 1)} ms; load average ${load()}`);
      if (i === options.runs - 1) {
        const code = twoThousandLines();
        fileTiming = { chars: code.length, ...(await run.page.evaluate(timeHighlight, { chunkUrl: `/dist/${chunkFile}`, code, grammar: 'javascript', times: 5 })) };
      }
      await run.context.close();
    }
    const pick = (fn) => runs.map(fn);
    const rows = [
      ['metric (ms unless noted)', 'median', 'range'],
      row(
        'wall: send → last frame drawn',
        pick((r) => r.wallMs),
      ),
      row(
        'main thread busy (trace, tasks in window)',
        pick((r) => r.trace?.busyMs),
      ),
      row('longest task', pick(longestTaskMs), 1),
      row(
        `tasks > ${LONG_TASK_MS} ms (trace; count)`,
        pick((r) => r.trace?.over50),
      ),
      row(
        'long tasks (PerformanceObserver; count)',
        pick((r) => r.observedLongTasks.length),
      ),
    ].filter(Boolean);
    console.log(
      `\nCode stream (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up; ${options.plain ? 'no block' : `all ${CODE_BLOCKS} blocks`} coloured, code intact)`,
    );
    console.log(formatTable(rows, ['l', 'r', 'r']).join('\n'));
    const longest = [...runs].sort((a, b) => longestTaskMs(a) - longestTaskMs(b))[Math.floor(runs.length / 2)].trace?.longest ?? [];
    if (longest.length) console.log(`Longest tasks (median run):\n${longest.map(describeTask).join('\n')}`);
    console.log(
      `\nOne ${FILE_LINES.toLocaleString('en')}-line JavaScript file (${fileTiming.chars.toLocaleString('en')} chars): highlighted in ${fmt(fileTiming.medianMs, 1)} ms (median of 5; ${fileTiming.spans.toLocaleString('en')} spans)`,
    );
    const chunkSize = distSizes(dist.dir).files.find((file) => file.file === chunkFile);
    console.log(`Highlighter chunk ${chunkFile}: ${kb(chunkSize.rawBytes)} raw, ${kb(chunkSize.gzipBytes)} gzip (${chunkSize.gzipBytes} bytes)`);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
