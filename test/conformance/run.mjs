/**
 * `npm run test:conformance`: the official MCP conformance suite's client scenarios, all of them,
 * against the real `<agent-chat>` (built bundle, Chromium). The suite needs Node 22: npx brings it
 * and the pinned suite once (cached), then each scenario runs as
 * `conformance client --scenario NAME --command "node test/conformance/widget-client.mjs"`,
 * a few at a time (a scenario that times the client runs alone), each driving a page in the one
 * shared browser. Each scenario is then judged against baseline.yml (expected failures, each with
 * its reason); the last line is `conformance: N passed, N failed` (scenarios; the expected
 * failures are counted apart).
 * Exits 1 on a scenario failing that the baseline does not name; a baseline entry that passes now
 * is reported so that the baseline can shrink.
 *
 * Options (environment): CONFORMANCE_JOBS (scenarios at once, default 3), CONFORMANCE_SCENARIOS
 * (comma-separated names, default all), CONFORMANCE_KEEP=1 (keep the suite's result files).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BASELINE_FILE, judge, readBaseline } from './baseline.mjs';
import { distBuilt } from './chat-page.mjs';
import { BROWSER_ENV, startSharedBrowser } from './proxied-browser.mjs';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const JOBS = Math.max(1, Number(process.env.CONFORMANCE_JOBS) || 3);
/**
 * The suite's limit for one client run, and ours for a whole scenario (its servers' start and stop
 * included). A scenario takes 3–5 s alone, but up to 30 s beside the end-to-end files on two cores.
 */
const CLIENT_TIMEOUT_MS = 60_000;
const SCENARIO_TIMEOUT_MS = 120_000;
/** Scenarios that time the client (sse-retry: the reconnection within 200 ms of the server's `retry`): run after the others, alone. */
const ALONE = new Set(['sse-retry']);

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

function stop(message) {
  console.log(message);
  console.log('conformance: 0 passed, 1 failed');
  process.exit(1);
}

/** Node 22 and the suite's CLI, installed by npx (once; later runs reuse npm's cache): { node, cli }. */
async function locateSuite() {
  const { stdout } = await promisify(execFile)('npx', ['-y', '-p', 'node@22', '-p', SUITE, '-c', 'command -v node && readlink -f "$(command -v conformance)"'], {
    cwd: ROOT,
    timeout: 300_000,
  });
  const [node, cli] = stdout.trim().split('\n').slice(-2);
  return { node, cli };
}

/** The suite's client scenarios (all of them, what `--suite all` runs). */
async function listScenarios({ node, cli }) {
  const { stdout } = await promisify(execFile)(node, [cli, 'list', '--client'], { cwd: ROOT });
  return [...stdout.matchAll(/^\s+-\s+(\S+)/gm)].map((match) => match[1]);
}

/** Runs one scenario; resolves with { scenario, exitCode, checks, clientLog, output, ms }. */
function runScenario(suite, scenario, outDir, env) {
  const begun = Date.now();
  return new Promise((resolve) => {
    // The suite splits the command at spaces: this Node (the project's) unless its path has one.
    const command = `${process.execPath.includes(' ') ? 'node' : process.execPath} test/conformance/widget-client.mjs`;
    const args = [suite.cli, 'client', '--scenario', scenario, '--command', command, '--timeout', String(CLIENT_TIMEOUT_MS), '-o', outDir];
    const child = spawn(suite.node, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(the scenario did not end within ${SCENARIO_TIMEOUT_MS / 1000} s)`;
      child.kill('SIGKILL');
    }, SCENARIO_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ scenario, exitCode: code ?? 1, ...readSaved(outDir), output, ms: Date.now() - begun });
    });
  });
}

/** What the suite saved for the scenario run in `outDir`: { checks, clientLog } (the harness's stdout and stderr). */
function readSaved(outDir) {
  const read = (suffix) => {
    try {
      const file = readdirSync(outDir, { recursive: true }).find((name) => String(name).endsWith(suffix));
      return file ? readFileSync(path.join(outDir, String(file)), 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  let checks = [];
  try {
    checks = JSON.parse(read('checks.json') ?? '[]');
  } catch {
    // Half written (the scenario was stopped): judged by the exit code alone.
  }
  return { checks, clientLog: `${read('stdout.txt') ?? ''}${read('stderr.txt') ?? ''}` };
}

/** Runs `tasks` (functions returning promises) at most `jobs` at a time; results in the tasks' order. */
async function pool(tasks, jobs) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  return results;
}

/** The failing checks' lines, each said once (with how many times it failed). */
function failingChecks(checks) {
  const lines = checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.status} ${check.name}: ${check.errorMessage ?? check.description}`);
  const times = new Map();
  for (const line of lines) times.set(line, (times.get(line) ?? 0) + 1);
  return [...times].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line));
}

function report(results, verdicts) {
  for (const [index, item] of verdicts.scenarios.entries()) {
    const { output, checks, clientLog, ms } = results[index];
    const counts = `${item.passed} checks passed, ${item.failed} failed, ${(ms / 1000).toFixed(1)} s`;
    if (item.verdict === 'passed') console.log(`✓ ${item.scenario} (${counts})`);
    if (item.verdict === 'expected') console.log(`~ ${item.scenario} (${counts}): expected failure: ${item.reason}`);
    if (item.verdict === 'stale') console.log(`! ${item.scenario} (${counts}): passes now; remove it from ${path.relative(ROOT, BASELINE_FILE)}`);
    if (item.verdict === 'failed') {
      console.log(`✗ ${item.scenario} (${counts}): not in the baseline`);
      for (const line of failingChecks(checks)) console.log(`    ${line}`);
      // What the harness saw (else, when the suite saved nothing, the end of the suite's own output).
      const tail = (clientLog.trim() || output.trim()).split('\n').slice(-12);
      for (const line of tail) console.log(`    | ${line}`);
    }
  }
  for (const name of verdicts.unknown) console.log(`! the baseline names ${name}, which the suite does not have`);
  const { totals } = verdicts;
  console.log(
    `checks: ${totals.checksPassed} passed, ${totals.checksFailed} failed, ${totals.checksExpected} expected failures; ` +
      `scenarios: ${totals.passed} passed, ${totals.failed} failed, ${totals.expected} expected failures, ${totals.stale} stale baseline entries; ${seconds()} s`,
  );
  console.log(`conformance: ${totals.passed} passed, ${totals.failed} failed`);
}

if (!distBuilt()) stop('dist/agent-chat.js is missing: run `npm run build` first');
let baseline;
try {
  baseline = readBaseline();
} catch (error) {
  stop(`the conformance baseline cannot be read: ${error.message}`);
}
let suite;
try {
  suite = await locateSuite();
} catch (error) {
  stop(`npx could not bring Node 22 and ${SUITE}: ${error.message}`);
}
let scenarios = await listScenarios(suite).catch(() => []);
if (scenarios.length === 0) stop(`${SUITE} listed no client scenarios`);
if (process.env.CONFORMANCE_SCENARIOS) {
  const wanted = process.env.CONFORMANCE_SCENARIOS.split(',').map((name) => name.trim());
  scenarios = scenarios.filter((name) => wanted.includes(name));
}
console.log(`${SUITE}: ${scenarios.length} client scenarios, ${JOBS} at a time (suite ready after ${seconds()} s)`);

const shared = await startSharedBrowser();
const outRoot = mkdtempSync(path.join(os.tmpdir(), 'agent-chat-conformance-'));
const env = { ...process.env, [BROWSER_ENV]: shared.wsEndpoint };
let results;
try {
  const task = (scenario) => () => runScenario(suite, scenario, path.join(outRoot, String(scenarios.indexOf(scenario))), env);
  const together = await pool(scenarios.filter((name) => !ALONE.has(name)).map(task), JOBS);
  const alone = await pool(scenarios.filter((name) => ALONE.has(name)).map(task), 1);
  const byName = new Map([...together, ...alone].map((result) => [result.scenario, result]));
  results = scenarios.map((name) => byName.get(name));
} finally {
  await shared.close();
}
const verdicts = judge(results, new Map([...baseline].filter(([name]) => !process.env.CONFORMANCE_SCENARIOS || scenarios.includes(name))));
report(results, verdicts);
if (process.env.CONFORMANCE_KEEP) console.log(`the suite's result files: ${outRoot}`);
else rmSync(outRoot, { recursive: true, force: true });
process.exit(verdicts.totals.failed > 0 ? 1 : 0);
