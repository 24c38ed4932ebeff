/**
 * The build prints its progress and nothing else. `buildWarnings(output)` lists the lines of a
 * build's output that are not progress (Vite's steps, file sizes, npm's echo of the script, the
 * reference tables of docs/reference.md rewritten): warnings of Vite, Rolldown or a build script.
 *
 * Run as `node scripts/check-quiet-build.mjs` (`npm test` does, as its build step): runs
 * `npm run build`, prints its output, and exits with 1, naming the lines, if it printed anything
 * else. `test/e2e/build.test.mjs` checks one Vite build's output with the same list.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROGRESS = [
  /^$/,
  /^> /,
  /^vite v[\d.]+ building .* for production\.\.\.$/,
  /^transforming\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^rendering chunks\.\.\.$/,
  /^computing gzip size\.\.\.$/,
  /^\S.*\s[\d.,]+ kB(?:\s+│.*)?$/,
  /^✓ built in [\d.]+m?s$/,
  /^docs\/reference\.md: reference tables updated/,
];

/** The lines of `output` that are not the build's progress, colours taken out. */
export function buildWarnings(output) {
  return output
    .split('\n')
    .map((raw) => raw.replace(/\x1b\[[\d;]*m/g, '').trim())
    .filter((line) => !PROGRESS.some((pattern) => pattern.test(line)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
  }
  child.on('close', (code) => {
    if (code !== 0) process.exit(code ?? 1);
    const warnings = buildWarnings(output);
    if (!warnings.length) return console.log('check-quiet-build: the build printed no warnings');
    console.log(`check-quiet-build: the build printed ${warnings.length} lines that are not progress:\n${warnings.join('\n')}`);
    process.exit(1);
  });
}
