#!/usr/bin/env node
/**
 * Sizes of the built scripts: raw and gzip (zlib level 9) of dist/agent-chat.js (ES),
 * dist/agent-chat.iife.js and any other chunk, and whether the ES build's first load meets
 * the ≤ 55 KB gzip goal. Run `npm run build` first, then `node bench/size.mjs`.
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
