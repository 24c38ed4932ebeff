#!/usr/bin/env node
/**
 * Long-block benchmark: one markdown block of 1 MB and one of 10 MB with no blank line in it —
 * a paragraph of short lines, each with **bold** and `code` — streamed from a local AG-UI server
 * into <agent-chat> (built ES bundle, headless Chromium) in 10,240 deltas each (100 and 1,000
 * characters). A block that never ends was parsed again, whole, on every frame.
 *
 * Reports per size, from send() until the reply's markdown is all parsed and drawn: total time,
 * the longest task and the tasks over 50 ms (PerformanceObserver 'longtask'), and the longest gap
 * between animation frames; and whether the reply ended `done` with its last frame showing the
 * whole text rendered as markdown (one <strong> and one <code> per line), else what was wrong.
 * One warm-up run of the first size, then `--runs` measured runs of each size (fresh page each);
 * median and range.
 *
 *   npm run build && node bench/long-block.mjs [--runs=3] [--sizes=1,10] [--timeout=240] [--dist=dist]
 *
 * --dist serves another build (e.g. one made from an older commit, to compare).
 * --timeout (seconds) gives up on a run that takes longer; it is reported as such.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { benchPage } from './lib/bench-page.mjs';
import { chunk } from './lib/markdown-doc.mjs';
import { fmt, median, range } from './lib/stats.mjs';
import { formatTable } from './lib/sizes.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';

const MB = 1024 * 1024;
const DELTAS = 10_240;
const VIEWPORT = { width: 1000, height: 800 };
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const PROMPT = 'Print the whole log as one paragraph.';
let distDir = fileURLToPath(new URL('../dist', import.meta.url));

function parseOptions(argv) {
  const value = (name, fallback) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const runs = Number(value('runs', 3));
  const sizes = value('sizes', '1,10').split(',').map(Number);
  const timeoutMs = Number(value('timeout', 240)) * 1000;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  if (!sizes.every((size) => size > 0)) throw new Error('--sizes takes megabytes, e.g. --sizes=1,10');
  const dist = value('dist', undefined);
  if (dist) distDir = resolve(dist);
  return { runs, sizes, timeoutMs };
}

/** Lines of markdown, each with one bold and one code span, joined by single newlines: one block of exactly `chars`. */
function longBlock(chars) {
  const lines = [];
  let length = 0;
  for (let i = 1; length < chars; i++) {
    const line = `Entry ${i}: the **worker ${i % 97}** read \`record-${i}\` and kept going without a pause.`;
    lines.push(line);
    length += line.length + 1;
  }
  let text = lines.join('\n');
  // Trim the last line to the exact size, keeping its spans closed.
  while (text.length > chars) text = text.slice(0, text.lastIndexOf('\n'));
  text += ' '.repeat(chars - text.length);
  return text;
}

const countLines = (text) => text.split('\n').length;

/**
 * Runs in the page: after a moment idle (as a person takes to type), sends the prompt and waits
 * until the reply ended and its markdown has parsed all it holds and was drawn. Long tasks and the
 * longest gap between animation frames are watched from send() to then.
 */
async function sendAndRender(prompt) {
  const element = document.querySelector('agent-chat');
  await new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 1000 }), 1000));
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  await nextFrame();
  let last = performance.now();
  let longestGapMs = 0;
  let running = true;
  const tick = (now) => {
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration)));
  observer.observe({ type: 'longtask' });
  const ended = new Promise((resolve) => element.addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true }));
  const start = performance.now();
  if (!element.send(prompt)) throw new Error('send() returned false');
  const detail = await ended;
  const messages = element.shadowRoot.querySelectorAll('agent-chat-message');
  let renderError;
  try {
    await messages[messages.length - 1]?.shadowRoot?.querySelector('agent-chat-markdown')?.updateComplete;
  } catch (error) {
    renderError = error.message;
  }
  await nextFrame();
  await nextFrame();
  const end = performance.now();
  running = false;
  observer.disconnect();
  return { start, end, status: detail.status, replyText: detail.text, longestGapMs, tasks, renderError };
}

/** What the reply's markdown shows once drawn (runs in the page). */
function rendered() {
  const messages = document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message');
  const markdown = messages[messages.length - 1]?.shadowRoot?.querySelector('agent-chat-markdown');
  return {
    chars: markdown?.textContent.length ?? 0,
    strong: markdown?.querySelectorAll('strong').length ?? 0,
    code: markdown?.querySelectorAll('code').length ?? 0,
  };
}

async function runOnce(browser, server, text, timeoutMs) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await page.waitForFunction(() => window.bench?.ready === true, undefined, { timeout: 15_000 });
    const started = Date.now();
    const result = await Promise.race([page.evaluate(sendAndRender, PROMPT), new Promise((resolve) => setTimeout(() => resolve(undefined), timeoutMs))]);
    if (!result) return { timedOut: true, wallMs: Date.now() - started };
    const shown = await page.evaluate(rendered);
    const lines = countLines(text);
    const problems = [];
    if (result.status !== 'done') problems.push(`reply status "${result.status}"`);
    if (result.replyText !== text) problems.push(`reply text differs (${result.replyText.length} chars)`);
    if (shown.strong !== lines || shown.code !== lines) problems.push(`rendered ${shown.strong} <strong> and ${shown.code} <code> for ${lines} lines`);
    if (shown.chars < text.length * 0.8) problems.push(`only ${shown.chars} characters rendered`);
    if (result.renderError) problems.push(`the markdown failed: ${result.renderError}`);
    if (pageErrors.length) problems.push(`page errors: ${pageErrors.join('; ')}`);
    return {
      problems,
      wallMs: result.end - result.start,
      longestTaskMs: Math.max(0, ...result.tasks),
      over50: result.tasks.length,
      longestGapMs: result.longestGapMs,
    };
  } finally {
    await context.close();
  }
}

function cell(values, digits = 0) {
  if (!values.length) return ['–', '–'];
  const { min, max } = range(values);
  return [fmt(median(values), digits), `${fmt(min, digits)}–${fmt(max, digits)}`];
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(distDir);
    cleanup.push(dist.remove);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());
    console.log(`Chromium ${browser.version()}; ag-ui; ${DELTAS.toLocaleString('en')} deltas per block; viewport ${VIEWPORT.width}×${VIEWPORT.height}; load average ${load()}`);
    const rows = [['block', 'runs', 'total ms', 'range', 'longest task ms', 'range', 'tasks > 50 ms', 'longest frame gap ms', 'rendered whole']];
    let warmedUp = false;
    for (const size of options.sizes) {
      const text = longBlock(Math.round(size * MB));
      const server = await startBenchServer({ page: benchPage({ viewport: VIEWPORT }), distDir: dist.dir, deltas: chunk(text, Math.ceil(text.length / DELTAS)) });
      try {
        if (!warmedUp) {
          await runOnce(browser, server, text, options.timeoutMs);
          warmedUp = true;
        }
        const runs = [];
        for (let i = 0; i < options.runs; i++) {
          const run = await runOnce(browser, server, text, options.timeoutMs);
          runs.push(run);
          console.log(
            run.timedOut
              ? `${size} MB run ${i + 1}: gave up after ${fmt(run.wallMs)} ms`
              : `${size} MB run ${i + 1}: total ${fmt(run.wallMs)} ms, longest task ${fmt(run.longestTaskMs)} ms, ${run.over50} tasks > 50 ms, ` +
                  `longest frame gap ${fmt(run.longestGapMs)} ms; ${run.problems.length ? `BROKEN: ${run.problems.join('; ').slice(0, 300)}` : 'rendered whole'}; load average ${load()}`,
          );
          if (run.timedOut) break;
        }
        const done = runs.filter((run) => !run.timedOut);
        if (done.length < runs.length) rows.push([`${size} MB`, `${runs.length}`, `> ${fmt(options.timeoutMs)}`, 'timed out', '–', '–', '–', '–', '–']);
        else {
          rows.push([
            `${size} MB`,
            `${runs.length}`,
            ...cell(done.map((run) => run.wallMs)),
            ...cell(done.map((run) => run.longestTaskMs)),
            fmt(median(done.map((run) => run.over50))),
            fmt(median(done.map((run) => run.longestGapMs))),
            `${done.filter((run) => !run.problems.length).length}/${done.length}`,
          ]);
        }
      } finally {
        await server.close();
      }
    }
    console.log(`\nLong block (median and range)\n${formatTable(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']).join('\n')}`);
  } finally {
    // A page still parsing (the code before the cap) can keep the browser from closing for minutes.
    for (const step of cleanup.reverse()) await Promise.race([step(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}

main()
  .catch((error) => {
    console.error(error.stack ?? error);
    process.exitCode = 1;
  })
  .finally(() => process.exit());
