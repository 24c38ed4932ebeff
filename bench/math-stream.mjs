#!/usr/bin/env node
/**
 * Math stream benchmark: replies full of TeX streamed from a local AG-UI server into an
 * <agent-chat math> (built ES bundle, headless Chromium), in three cases:
 *
 * - `formulas`: 12 sections, each a heading, a paragraph with 10 inline formulas and a displayed
 *   one (132 formulas), in 5-character deltas;
 * - `code`: the code stream bench's 100,000-character reply with 55 code blocks
 *   (bench/lib/code-doc.mjs) with a paragraph of 2 inline formulas after each block (110), 5-char deltas;
 * - `at-once`: the `formulas` reply in one delta, a finished reply drawn whole (what restoring one does).
 *
 * Each run is a fresh page, so the math renderer loads when the first formula arrives, as it does
 * in use. Reports, from send() to the reply's last frame drawn with every formula rendered: wall
 * time, main-thread busy time, the longest task and the tasks over 50 ms (Chromium trace), and
 * checks that every formula is drawn as KaTeX (none as an error) and the reply text is intact.
 * One warm-up run, then `--runs` measured runs per case; median and range.
 *
 *   npm run build && node bench/math-stream.mjs [--runs=3] [--cases=formulas,code,at-once] [--no-trace] [--no-math] [--dist=dist]
 *
 * --dist= measures another build (a copy of dist/ made before a change, say).
 * --no-math streams the same replies into a chat without `math` (formulas stay text), to compare.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startBenchServer } from './lib/agui-server.mjs';
import { benchPage, openBenchPage } from './lib/bench-page.mjs';
import { codeDocument } from './lib/code-doc.mjs';
import { chunk } from './lib/markdown-doc.mjs';
import { fmt, median, range } from './lib/stats.mjs';
import { formatTable } from './lib/sizes.mjs';
import { analyseTrace } from './lib/trace.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';

const DELTA_CHARS = 5;
const VIEWPORT = { width: 1000, height: 800 };
const LONG_TASK_MS = 50;
const CHROMIUM = { executablePath: chromiumPath(), args: chromiumArgs };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute'];
const PROMPT = 'Explain the maths.';
const CASES = ['formulas', 'code', 'at-once'];

const defaultDist = fileURLToPath(new URL('../dist', import.meta.url));

/** Ten inline formulas of section `i`, each different (so none is drawn from another's cache). */
const INLINE = [
  (i) => `$\\frac{a_{${i}}}{b + ${i}}$`,
  (i) => `$x^{${i + 2}} + y^2 = z^2$`,
  (i) => `\\(\\sqrt{${i} + \\alpha}\\)`,
  (i) => `$\\sum_{k=1}^{${i + 3}} k^2$`,
  (i) => `$\\int_0^{${i + 1}} e^{-t}\\,dt$`,
  (i) => `$\\binom{${i + 5}}{2}$`,
  (i) => `$\\lim_{n \\to \\infty} (1 + 1/n)^{${i}n}$`,
  (i) => `$\\mathbf{v}_{${i}} \\cdot \\mathbf{w}$`,
  (i) => `$\\hat{\\theta}_{${i}} = \\arg\\max_\\theta L(\\theta)$`,
  (i) => `$P(A \\mid B_{${i}}) = \\frac{P(B \\mid A) P(A)}{P(B)}$`,
];

const DISPLAY = (i) => `$$\n\\sum_{n=0}^{\\infty} \\frac{x^{n+${i}}}{n!} = x^{${i}} e^x \\quad \\begin{pmatrix} ${i} & 1 \\\\ 0 & ${i} \\end{pmatrix}\n$$`;

/** 12 sections of prose with 10 inline formulas and one displayed formula each. */
function formulaDocument(sections = 12) {
  let doc = '# Notes on the model\n\n';
  for (let i = 0; i < sections; i++) {
    const sentences = INLINE.map((formula, k) => `Step ${k + 1} uses ${formula(i)} as its term.`);
    doc += `## Part ${i + 1}\n\n${sentences.join(' ')}\n\n${DISPLAY(i)}\n\n`;
  }
  return { text: doc, formulas: sections * (INLINE.length + 1) };
}

/** The code bench's reply with a paragraph of two formulas after each code block. */
function codeWithFormulas() {
  let i = 0;
  const text = codeDocument({ length: 100_000, blocks: 55 }).replace(/^```\n\n/gm, () => {
    i++;
    return `\`\`\`\n\nThe cost grows as $O(n^{${i}} \\log n)$ while the error stays below \\(\\varepsilon_{${i}} = 2^{-${i}}\\).\n\n`;
  });
  return { text, formulas: i * 2 };
}

function parseOptions(argv) {
  const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const cases = (argv.find((arg) => arg.startsWith('--cases='))?.split('=')[1] ?? CASES.join(',')).split(',');
  for (const name of cases) if (!CASES.includes(name)) throw new Error(`unknown case "${name}" (${CASES.join(', ')})`);
  const dist = resolve(argv.find((arg) => arg.startsWith('--dist='))?.split('=')[1] ?? defaultDist);
  return { runs, cases, dist, trace: !argv.includes('--no-trace'), math: !argv.includes('--no-math') };
}

function reply(name) {
  if (name === 'code') {
    const { text, formulas } = codeWithFormulas();
    return { text, formulas, deltas: chunk(text, DELTA_CHARS) };
  }
  const { text, formulas } = formulaDocument();
  return { text, formulas, deltas: name === 'at-once' ? [text] : chunk(text, DELTA_CHARS) };
}

/** Runs in the page: resolves once `count` formulas of the last reply are drawn as KaTeX (or errors), with how many of each. */
async function formulasDrawn(count) {
  const markdown = () => {
    const messages = document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message');
    return messages[messages.length - 1]?.shadowRoot?.querySelector('agent-chat-markdown');
  };
  const counts = () => ({
    katex: markdown()?.querySelectorAll(':is(.math-inline, .math-display) > .katex, .math-display > .katex-display').length ?? 0,
    errors: markdown()?.querySelectorAll('.math-error').length ?? 0,
    placeholders: markdown()?.querySelectorAll('.math-inline, .math-display').length ?? 0,
  });
  const started = performance.now();
  while (counts().katex + counts().errors < count && performance.now() - started < 20_000) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  console.timeStamp('bench-end');
  return { ...counts(), drawn: performance.now() };
}

async function runOnce(browser, server, expected, options) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, pageErrors } = await openBenchPage(context, server.url);
    if (options.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const result = await page.evaluate((prompt) => window.bench.run(prompt), PROMPT);
    const math = await page.evaluate(formulasDrawn, options.math ? expected.formulas : 0);
    const traceBuffer = options.trace ? await browser.stopTracing() : undefined;
    const problems = [];
    if (result.status !== 'done') problems.push(`reply status is "${result.status}"`);
    if (result.replyText !== expected.text) problems.push('reply text differs from the sent document');
    if (options.math && math.katex !== expected.formulas) problems.push(`${math.katex} formulas drawn as KaTeX, not ${expected.formulas} (${math.errors} errors)`);
    if (!options.math && math.placeholders) problems.push(`${math.placeholders} formula placeholders without math`);
    if (pageErrors.length) problems.push(`page errors: ${pageErrors.join('; ')}`);
    if (problems.length) throw new Error(`math stream bench: ${problems.join('; ')}`);
    const analysis = traceBuffer ? analyseTrace(traceBuffer, { longTaskMs: LONG_TASK_MS }) : undefined;
    return { wallMs: math.drawn - result.start, observedLongTasks: result.longTasks, trace: analysis };
  } finally {
    await context.close();
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

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = [];
  try {
    const dist = snapshotDist(options.dist);
    cleanup.push(dist.remove);
    const browser = await chromium.launch({ ...CHROMIUM, headless: true });
    cleanup.push(() => browser.close());
    const page = benchPage({ viewport: VIEWPORT }).replace('<agent-chat ', options.math ? '<agent-chat math ' : '<agent-chat ');
    console.log(
      `Chromium ${browser.version()}; math ${options.math ? 'on' : 'off'}; viewport ${VIEWPORT.width}×${VIEWPORT.height}; trace ${options.trace ? 'on' : 'off'}; load average ${load()}`,
    );
    for (const name of options.cases) {
      const expected = reply(name);
      const server = await startBenchServer({ page, distDir: dist.dir, deltas: expected.deltas });
      try {
        await runOnce(browser, server, expected, options);
        const runs = [];
        for (let i = 0; i < options.runs; i++) {
          const run = await runOnce(browser, server, expected, options);
          runs.push(run);
          console.log(`${name} run ${i + 1}: wall ${fmt(run.wallMs)} ms, longest task ${fmt(longestTaskMs(run), 1)} ms; load average ${load()}`);
        }
        const pick = (fn) => runs.map(fn);
        const rows = [
          ['metric (ms unless noted)', 'median', 'range'],
          row(
            'wall: send → all formulas drawn',
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
        ].filter(Boolean);
        const deltas = expected.deltas.length === 1 ? 'one delta' : `${DELTA_CHARS}-char deltas`;
        console.log(
          `\n${name}: ${expected.text.length.toLocaleString('en')} chars, ${expected.formulas} formulas, ${deltas} (${options.runs} run${options.runs === 1 ? '' : 's'} after 1 warm-up)`,
        );
        console.log(formatTable(rows, ['l', 'r', 'r']).join('\n'));
        const longest = [...runs].sort((a, b) => longestTaskMs(a) - longestTaskMs(b))[Math.floor(runs.length / 2)].trace?.longest ?? [];
        if (longest.length) console.log(`Longest tasks (median run):\n${longest.map(describeTask).join('\n')}\n`);
      } finally {
        await server.close();
      }
    }
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
