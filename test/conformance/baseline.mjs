/**
 * The conformance baseline (baseline.yml beside this file): the client scenarios expected to fail,
 * each with the reason written as the comment lines just above it. The file is in the suite's own
 * format (`conformance client --expected-failures`), which reads the names and skips the comments;
 * this module reads both, and judges a run against it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASELINE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline.yml');

/** The `client:` entries of the baseline: Map of scenario name → reason. Throws on an entry without a reason. */
export function readBaseline(file = BASELINE_FILE) {
  const entries = new Map();
  let inClient = false;
  let reason = [];
  for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    const where = `${path.basename(file)}:${index + 1}`;
    if (/^\S/.test(line) && !line.startsWith('#')) {
      inClient = /^client:\s*$/.test(line);
      reason = [];
      continue;
    }
    if (!inClient) continue;
    const comment = /^\s+#\s?(.*)$/.exec(line);
    const entry = /^\s+-\s+(\S+)\s*$/.exec(line);
    if (comment) reason.push(comment[1].trim());
    else if (entry) {
      if (reason.length === 0) throw new Error(`${where}: ${entry[1]} has no reason (comment lines above it)`);
      entries.set(entry[1], reason.join(' '));
      reason = [];
    } else if (line.trim() === '') reason = [];
    else throw new Error(`${where}: not a comment or a "- scenario" entry: ${line}`);
  }
  return entries;
}

const countOf = (checks, ...statuses) => checks.filter((check) => statuses.includes(check.status)).length;

/**
 * Judges each scenario's result ({ scenario, exitCode, checks }) against `baseline`. A scenario
 * fails when the suite says so (exit code: a FAILURE or WARNING check, the client timing out, or
 * exiting with an error where the scenario does not expect one). Returns { scenarios: [{ scenario,
 * verdict: 'passed' | 'expected' | 'failed' | 'stale', reason?, passed, failed }], totals }, where
 * `stale` is a baseline entry that passes now and `totals` counts checks and scenarios.
 */
export function judge(results, baseline) {
  const scenarios = results.map(({ scenario, exitCode, checks }) => {
    const passed = countOf(checks, 'SUCCESS');
    const failed = countOf(checks, 'FAILURE', 'WARNING');
    const ok = exitCode === 0;
    const expected = baseline.has(scenario);
    const verdict = ok ? (expected ? 'stale' : 'passed') : expected ? 'expected' : 'failed';
    return { scenario, verdict, reason: baseline.get(scenario), passed, failed };
  });
  const sum = (pick) => scenarios.reduce((total, item) => total + pick(item), 0);
  const ran = new Set(results.map((result) => result.scenario));
  return {
    scenarios,
    unknown: [...baseline.keys()].filter((name) => !ran.has(name)),
    totals: {
      checksPassed: sum((item) => item.passed),
      checksFailed: sum((item) => (item.verdict === 'expected' ? 0 : item.failed)),
      checksExpected: sum((item) => (item.verdict === 'expected' ? item.failed : 0)),
      passed: sum((item) => (item.verdict === 'passed' || item.verdict === 'stale' ? 1 : 0)),
      failed: sum((item) => (item.verdict === 'failed' ? 1 : 0)),
      expected: sum((item) => (item.verdict === 'expected' ? 1 : 0)),
      stale: sum((item) => (item.verdict === 'stale' ? 1 : 0)),
    },
  };
}
