/**
 * `npm test`: every check that must pass, then one closing line with the totals of all test runs
 * ("tests: N passed, N failed"). Stops at the first stage that cannot run. web-test-runner and the
 * end-to-end files go side by side: each spends most of its time waiting on its browser, not on the
 * CPU, and together they take little more than the end-to-end run alone (see below for how the
 * end-to-end files are shared between the two lanes). The timing files
 * (`test/timing/`: no task of the page over a bound) run after both, alone, so that no other
 * browser competes for the CPU while they measure. The MCP conformance suite's client scenarios
 * against the built widget (test/conformance/run.mjs: a scenario failing that its baseline does not
 * name fails the run) follow web-test-runner, beside the end-to-end files. Each line printed is
 * marked with its run.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { postgresBin } from './postgres.mjs';

chromiumPath(); // exits with install instructions when there is no Chromium
postgresBin(); // the same when there is no PostgreSQL (the thread store's tests start one)

function run(command, args, { capture = false, label = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let output = '';
    if (capture) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          output += chunk;
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${label}${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`${label}${pending}\n`));
      }
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const count = (output, pattern) => Number(pattern.exec(output)?.[1] ?? 0);

// The build leaves docs/reference.md as it is (README_REFERENCE=check): its reference tables' test checks the committed text.
process.env.README_REFERENCE = 'check';
for (const [label, args] of [
  ['typecheck', ['run', 'typecheck', '--silent']],
  ['build', ['scripts/check-quiet-build.mjs']],
]) {
  const { code } = await run(label === 'build' ? 'node' : 'npm', args);
  if (code !== 0) {
    console.log(`\n${label} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

// The MCP conformance scenarios (a few at a time in one browser) follow web-test-runner, which ends
// well before the end-to-end files; beside them runs the end-to-end file that mostly waits (calls
// longer than a minute), and after them a few end-to-end files that time nothing (the framework
// apps and the bundles, which build with Vite, and the page's CSS against the chat's). The other end-to-end files run meanwhile, one at a
// time: the two lanes end at about the same time.
const E2E_DIR = 'test/e2e';
const WAITING = ['mcp-seventy-second-calls.test.mjs'];
const AFTER_CONFORMANCE = ['frameworks.test.mjs', 'bundle.test.mjs', 'isolation.test.mjs'];
const e2eFiles = readdirSync(E2E_DIR).filter((name) => name.endsWith('.test.mjs'));
// `spec` for people; beside it a reporter that names each file with failing tests (`failing-file: <path> <count>`).
const NODE_REPORTERS = ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./scripts/failing-files-reporter.mjs', '--test-reporter-destination=stdout'];
const nodeTest = (files, label) => run('node', ['--test', '--test-concurrency=1', ...NODE_REPORTERS, ...files.map((name) => path.join(E2E_DIR, name))], { capture: true, label });
const [[browser, conformance, waiting, afterConformance], e2e] = await Promise.all([
  run('npx', ['web-test-runner'], { capture: true, label: '[wtr] ' }).then(async (wtr) => {
    const [conformanceRun, waitingRun] = await Promise.all([
      run('node', ['test/conformance/run.mjs'], { capture: true, label: '[conformance] ' }),
      nodeTest(WAITING, '[e2e-waiting] '),
    ]);
    return [wtr, conformanceRun, waitingRun, await nodeTest(AFTER_CONFORMANCE, '[e2e-after] ')];
  }),
  nodeTest(
    e2eFiles.filter((name) => !WAITING.includes(name) && !AFTER_CONFORMANCE.includes(name)),
    '[e2e] ',
  ),
]);

// The tests that measure how long the page's tasks take run alone, once nothing else competes for the CPU.
const timing = await run('node', ['--test', '--test-concurrency=1', ...NODE_REPORTERS, 'test/timing/'], { capture: true, label: '[timing] ' });

// A node file with a failing test runs once more, alone, when few files failed: a file that then
// passes is reported as flaky (by name, in the closing line) rather than failed; one that fails again
// stays failed. Many failing files are a broken tree, not flakiness, and are not run again.
const MAX_FILES_RUN_AGAIN = 3;
const nodeRuns = [e2e, waiting, afterConformance, timing];
const failingFiles = (output) => new Map([...output.matchAll(/^(?:\[[\w-]+\] )?failing-file: (.+) (\d+)$/gm)].map(([, file, failures]) => [file, Number(failures)]));
const nodeFailures = new Map();
for (const result of nodeRuns) for (const [file, failures] of failingFiles(result.output)) nodeFailures.set(file, (nodeFailures.get(file) ?? 0) + failures);
// A node run that failed without naming a file (it crashed, say) is one failure that no re-run excuses.
const unexplained = nodeRuns.filter((result) => result.code !== 0 && failingFiles(result.output).size === 0).length;
const flaky = [];
if (nodeFailures.size > 0 && nodeFailures.size <= MAX_FILES_RUN_AGAIN) {
  for (const [file, failures] of [...nodeFailures]) {
    const again = await run('node', ['--test', '--test-concurrency=1', ...NODE_REPORTERS, file], { capture: true, label: '[again] ' });
    if (again.code === 0 && failingFiles(again.output).size === 0 && count(again.output, /ℹ pass (\d+)/) > 0) {
      flaky.push({ file, failures });
      nodeFailures.delete(file);
    }
  }
}

/** web-test-runner's files with a failing test, and how many failed in each (its report names a file, then marks each failure ❌). */
function browserFailures(output) {
  const failures = new Map();
  let file;
  for (const line of output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n')) {
    const header = /(test\/\S+\.test\.ts):\s*$/.exec(line);
    if (header) file = header[1];
    else if (line.includes('❌') && file) failures.set(file, (failures.get(file) ?? 0) + 1);
  }
  return failures;
}
// The same for web-test-runner's files: run again together, alone, when few failed.
const wtrLine = /wtr: (\d+) passed, (\d+) failed/.exec(browser.output);
const browserFailed = browserFailures(browser.output);
let browserExcused = false;
if (browserFailed.size > 0 && browserFailed.size <= MAX_FILES_RUN_AGAIN) {
  const again = await run('npx', ['web-test-runner', ...browserFailed.keys()], { capture: true, label: '[again] ' });
  const summary = /wtr: (\d+) passed, (\d+) failed/.exec(again.output);
  // Excused only when the failures found by file are all the runner counted.
  const accounted = [...browserFailed.values()].reduce((sum, value) => sum + value, 0) === Number(wtrLine?.[2] ?? -1);
  if (accounted && again.code === 0 && summary && Number(summary[1]) > 0 && Number(summary[2]) === 0) {
    for (const [file, failures] of browserFailed) flaky.push({ file, failures });
    browserExcused = true;
  }
}

const nodePassed = nodeRuns.map((result) => count(result.output, /ℹ pass (\d+)/));
const conformancePassed = count(conformance.output, /^conformance: (\d+) passed/m);
const passed = Number(wtrLine?.[1] ?? 0) + nodePassed.reduce((sum, value) => sum + value, 0) + conformancePassed;
let failed =
  (browserExcused ? 0 : Number(wtrLine?.[2] ?? 0)) +
  [...nodeFailures.values()].reduce((sum, value) => sum + value, 0) +
  unexplained +
  count(conformance.output, /^conformance: \d+ passed, (\d+) failed/m);
// A runner that failed, or ran nothing, counts as a failure even if it printed no count.
const ranNothing = !wtrLine || Number(wtrLine[1]) === 0 || nodePassed.includes(0) || conformancePassed === 0;
if (failed === 0 && ((browser.code !== 0 && !browserExcused) || conformance.code !== 0 || ranNothing)) failed = 1;
const flakyFailures = flaky.reduce((sum, { failures }) => sum + failures, 0);
if (flaky.length) console.log(`\nflaky (failed, then passed when the file ran again alone): ${flaky.map(({ file, failures }) => `${file} (${failures})`).join(', ')}`);
if (nodeFailures.size) console.log(`\nfailing files: ${[...nodeFailures.keys()].join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${flakyFailures ? `, ${flakyFailures} flaky` : ''}`);
process.exit(failed ? 1 : 0);
