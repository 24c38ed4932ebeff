#!/usr/bin/env node
/**
 * Hostile-formula benchmark: every formula of the fuzz corpus (test/e2e/math-hostile-corpus.mjs:
 * macro chains, huge sums, deep nesting, long tables, escaping boxes) asked for in a turn of its
 * own in an <agent-chat math> (built ES bundle, headless Chromium), streamed in 400-character
 * deltas, then the page reloaded so the thread is restored from IndexedDB with all of them.
 * Prints the longest main-thread task (PerformanceObserver `longtask`) per formula while it
 * streamed and was drawn, the worst of all, and the longest task of the restore.
 *
 *   npm run build && node bench/math-fuzz.mjs [--only=costly|escaping]
 */
import { launchChromium } from '../test/e2e/browser.mjs';
import { costlyFormulas, escapingFormulas } from '../test/e2e/math-hostile-corpus.mjs';
import { openMathPage, restoreAndMeasure, startMathServer, streamEach } from '../test/e2e/math-hostile-page.mjs';

const only = process.argv.find((arg) => arg.startsWith('--only='))?.split('=')[1];
const entries = [...(only !== 'escaping' ? costlyFormulas() : []), ...(only !== 'costly' ? escapingFormulas() : [])];

const server = await startMathServer(entries);
const browser = await launchChromium();
try {
  const { context, page, problems } = await openMathPage(browser, server.url);
  const started = Date.now();
  const streamed = await streamEach(page, entries, { timeout: 120_000 });
  for (const { name, ms } of streamed) console.log(`${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`);
  const worst = streamed.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(`\nstreamed: ${entries.length} formulas in ${((Date.now() - started) / 1000).toFixed(1)} s; longest task ${worst.ms.toFixed(0)} ms (${worst.name})`);
  const restored = await restoreAndMeasure(page, { timeout: 120_000 });
  console.log(`restored: ${restored.formulas} formulas drawn; longest task ${restored.longest.toFixed(0)} ms`);
  if (problems.length) console.log(`page problems: ${problems.join('; ')}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
