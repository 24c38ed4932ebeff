/**
 * Hostile code against the highlighter: every bundled grammar gets its corpus of hostile inputs
 * (test/e2e/code-fuzz-inputs.mjs: its own delimiters repeated, nested, unclosed), each drawn as a
 * finished code block by `<agent-chat-markdown>` from the built bundle in Debian Chromium; prints,
 * per grammar, the worst main-thread task (PerformanceObserver 'longtask', so 50 ms is the floor
 * it can see), how many blocks ended coloured, and how many failed to draw (an error thrown).
 *
 *   npm run build && node bench/code-fuzz.mjs [--size=20000] [--grammars=markdown,java] [--mixes=2]
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { FUZZ_GRAMMARS, fenced, hostileInputs } from '../test/e2e/code-fuzz-inputs.mjs';
import { load, snapshotDist } from './lib/dist-copy.mjs';
import { formatTable } from './lib/sizes.mjs';
import { fmt } from './lib/stats.mjs';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.map': 'application/json', '.html': 'text/html' };
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>code fuzz</title></head><body>
<div id="host"></div><script type="module" src="/dist/agent-chat.js"></script></body></html>`;

function option(argv, name, fallback) {
  return argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
}

function serve(dir) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    const file = normalize(join(dir, path.replace(/^\/dist\//, '')));
    if (!path.startsWith('/dist/') || !file.startsWith(dir + sep)) return res.writeHead(404).end();
    try {
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs in the page: draws each block in a fresh `<agent-chat-markdown>` in a shadow root, one after another. */
async function drawAll(blocks) {
  await customElements.whenDefined('agent-chat-markdown');
  const host = document.querySelector('#host');
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration)));
  observer.observe({ type: 'longtask' });
  let coloured = 0;
  let errors = 0;
  let wallMs = 0;
  for (const text of blocks) {
    const view = document.createElement('agent-chat-markdown');
    root.replaceChildren(view);
    const started = performance.now();
    try {
      view.text = text;
      await view.updateComplete;
    } catch {
      errors++;
    }
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    wallMs = Math.max(wallMs, performance.now() - started);
    if (view.querySelector('pre code [class^="hljs-"]')) coloured++;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { worstMs: Math.max(0, ...tasks), longTasks: tasks.length, coloured, errors, wallMs };
}

async function main() {
  const argv = process.argv.slice(2);
  const size = Number(option(argv, 'size', 20_000));
  const mixes = Number(option(argv, 'mixes', 2));
  const grammars = option(argv, 'grammars', FUZZ_GRAMMARS.join(',')).split(',');
  const dist = snapshotDist(distDir);
  const server = await serve(dist.dir);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
  try {
    console.log(`Chromium ${browser.version()}; hostile inputs of ${size.toLocaleString('en')} chars, drawn as finished blocks; load average ${load()}`);
    const rows = [['grammar', 'inputs', 'coloured', 'errors', 'worst task (ms)', 'long tasks', 'slowest block drawn (ms)']];
    let worstOverall = 0;
    for (const grammar of grammars) {
      const inputs = hostileInputs(grammar, size, { mixes });
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      // Warm up: load the renderer and the highlighter with one ordinary block.
      await page.evaluate(drawAll, [fenced(grammar, 'a = 1\n')]);
      const result = await page.evaluate(
        drawAll,
        inputs.map((input) => fenced(grammar, input.code)),
      );
      await page.close();
      worstOverall = Math.max(worstOverall, result.worstMs);
      rows.push([grammar, String(inputs.length), String(result.coloured), String(result.errors), fmt(result.worstMs), String(result.longTasks), fmt(result.wallMs)]);
      console.log(`${grammar}: worst task ${fmt(result.worstMs)} ms (${result.longTasks} long tasks, ${result.coloured}/${inputs.length} coloured, ${result.errors} errors)`);
    }
    console.log(`\nHostile code, ${size.toLocaleString('en')} chars a block: worst main-thread task per grammar`);
    console.log(formatTable(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r']).join('\n'));
    console.log(`Worst task over the corpus: ${fmt(worstOverall)} ms`);
  } finally {
    await browser.close();
    server.close();
    dist.remove();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
