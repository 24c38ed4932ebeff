#!/usr/bin/env node
/**
 * Sizes of the built scripts: raw and gzip (zlib level 9) of every file in dist/ (the ES entry
 * `agent-chat.js` and its chunks, the classic loader `agent-chat.iife.js`, the standalone
 * `agent-chat.standalone.js`), and the goals: the ES first load is one file of ≤ 40 KB gzip (the budget test holds the same), and
 * the classic first load (loader + the ES first load it imports) is ≤ 1.2× that.
 * Run `npm run build` first, then `node bench/size.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { distSizes, sizeReport } from './lib/sizes.mjs';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

try {
  console.log(sizeReport(distSizes(distDir)).join('\n'));
} catch (error) {
  console.error(`size: ${error.message}`);
  process.exitCode = 1;
}
