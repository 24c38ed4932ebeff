/**
 * The fast loop: runs only the test files named, each with its own runner.
 *
 *   npm run test:file -- test/components/composer/composer.test.ts test/e2e/phone.test.mjs
 *   npm run test:watch -- test/unit/conversation/tree.test.ts
 *
 * - `*.test.ts` (under test/unit, test/components): web-test-runner in Chromium, from the sources
 *   (no build); with `--watch`, again on every save of the file or anything it imports.
 * - `*.test.mjs` (test/e2e, test/timing): `node --test` against the built bundle in `dist/`. When a
 *   file under `src/` is newer than the build, `npm run build` runs first. With `--watch`, node
 *   runs the file again when it or a helper it imports changes; the bundle is not rebuilt then (run
 *   `npm run build` after changing `src/`).
 * - `test/conformance` (the MCP conformance scenarios) has no single files: `npm run test:conformance`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';

const args = process.argv.slice(2);
const watch = args.includes('--watch');
const files = args.filter((arg) => arg !== '--watch');

if (!files.length) {
  console.error('Name the test files to run, e.g.  npm run test:file -- test/components/composer/composer.test.ts');
  process.exit(2);
}
const missing = files.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`No such test file: ${missing.join(', ')}`);
  process.exit(2);
}
const browserFiles = files.filter((file) => file.endsWith('.test.ts'));
const nodeFiles = files.filter((file) => file.endsWith('.test.mjs'));
const unknown = files.filter((file) => !browserFiles.includes(file) && !nodeFiles.includes(file));
if (unknown.length) {
  console.error(`Not a test file (*.test.ts for web-test-runner, *.test.mjs for node --test): ${unknown.join(', ')}`);
  process.exit(2);
}
if (watch && browserFiles.length && nodeFiles.length) {
  console.error('--watch takes files of one kind: *.test.ts or *.test.mjs');
  process.exit(2);
}
chromiumPath(); // exits with install instructions when there is no Chromium

function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** The newest modification time of any file under `dir` (0 when there is none). */
function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return time;
}

/** What `npm run build` writes, each build step's file (a step run alone leaves the others stale or gone). */
const BUILT = ['dist/agent-chat.js', 'dist/mcp-host.js', 'dist/agent-chat.iife.js', 'dist/agent-chat.standalone.js', 'dist/sandbox.html', 'dist/oauth-callback.html'];
let failed = false;
if (browserFiles.length) failed = (await run('npx', ['web-test-runner', ...browserFiles, ...(watch ? ['--watch'] : [])])) !== 0;
if (nodeFiles.length) {
  const built = BUILT.every((file) => existsSync(file));
  if (!built || newest('src') > Math.min(...BUILT.map((file) => statSync(file).mtimeMs))) {
    console.log(built ? 'src/ changed since the last build: building first.' : 'No complete build in dist/: building first.');
    if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
  }
  failed = (await run('node', ['--test', '--test-concurrency=1', '--test-reporter=spec', ...(watch ? ['--watch'] : []), ...nodeFiles])) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
