import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, so a
 * CI log reader that knows no vitest still sees how many tests ran. A file
 * that failed outside its tests (a failed beforeAll, an import that throws)
 * counts as one failure: its tests are reported skipped, and a closing line
 * saying "0 failed" for a red run would be a lie.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let filesFailedOutsideTests = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failed += failedHere;
      if (module.state() === 'failed' && failedHere === 0) filesFailedOutsideTests++;
    }
    const note = filesFailedOutsideTests > 0 ? ` (${filesFailedOutsideTests} of them a test file that failed in its setup)` : '';
    process.stdout.write(`\ntests: ${passed} passed, ${failed + filesFailedOutsideTests} failed${note}, ${skipped} skipped\n`);
  }
}
