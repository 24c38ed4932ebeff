/** Prints `wtr: N passed, N failed` as the last line; a file that failed to load counts as failed. */
export function summaryReporter() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const count = (suite) => {
    for (const test of suite.tests) {
      if (test.skipped) skipped++;
      else if (test.passed) passed++;
      else failed++;
    }
    for (const child of suite.suites) count(child);
  };
  return {
    onTestRunFinished({ sessions }) {
      passed = failed = skipped = 0;
      for (const session of sessions) {
        if (session.testResults) count(session.testResults);
        if (session.errors.length > 0 || (!session.passed && !session.testResults?.tests.length && !session.testResults?.suites.length)) failed++;
      }
    },
    stop() {
      console.log(`wtr: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    },
  };
}
