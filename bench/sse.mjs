#!/usr/bin/env node
/**
 * SSE reader benchmark: one event whose `data:` line is 20 MB (a hostile or broken backend), fed
 * to the parser in the 16 KB pieces `readSse` cuts a body into, then a few thousand small events.
 * Reports the time to parse each, median of 5 runs, in Node (the parser is plain TypeScript,
 * bundled here with esbuild).
 *
 *   node bench/sse.mjs [--file=src/protocol/sse.ts] [--mb=20]
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const file = args.file ?? fileURLToPath(new URL('../src/protocol/sse.ts', import.meta.url));
const megabytes = Number(args.mb ?? 20);
const PIECE = 16 * 1024;

const { outputFiles } = await build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent' });
const { SseParser } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);

function longLine() {
  const parser = new SseParser();
  const line = `data: ${'x'.repeat(megabytes * 1024 * 1024)}\n\n`;
  const started = performance.now();
  let messages = 0;
  for (let offset = 0; offset < line.length; offset += PIECE) messages += parser.push(line.slice(offset, offset + PIECE)).length;
  const ms = performance.now() - started;
  if (messages !== 1) throw new Error(`expected one message, got ${messages}`);
  return ms;
}

function manySmall() {
  const parser = new SseParser();
  const text = Array.from({ length: 20_000 }, (_, i) => `data: {"type":"text-delta","id":"t","delta":"w${i} "}\n\n`).join('');
  const started = performance.now();
  let messages = 0;
  for (let offset = 0; offset < text.length; offset += PIECE) messages += parser.push(text.slice(offset, offset + PIECE)).length;
  const ms = performance.now() - started;
  if (messages !== 20_000) throw new Error(`expected 20,000 messages, got ${messages}`);
  return ms;
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = (task) => median(Array.from({ length: 5 }, task));
console.log(`${file}`);
console.log(`one ${megabytes} MB data line in 16 KB pieces: ${runs(longLine).toFixed(0)} ms (median of 5)`);
console.log(`20,000 small events in 16 KB pieces: ${runs(manySmall).toFixed(1)} ms (median of 5)`);
