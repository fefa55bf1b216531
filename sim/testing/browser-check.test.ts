import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCheck } from './browser-check.js';

const missing = '/nonexistent/cutpoint/chromium';

describe('browserCheck', () => {
  it('runs the browser test where the browser is (this very Node binary stands in for one)', () => {
    expect(browserCheck(process.execPath, {}).verdict).toBe('run');
    expect(browserCheck(process.execPath, { CI: 'true' }).verdict).toBe('run');
  });

  it.each([{}, { CI: '' }, { CI: 'false' }, { CI: '0' }])('skips with one line saying how to install it outside CI: %o', (env) => {
    expect(browserCheck(missing, env)).toEqual({
      verdict: 'skip',
      line: `the browser test is skipped: no Chromium at ${missing}: install it with \`apt-get install chromium\` (as .ci/run does)`,
    });
  });

  it.each([{ CI: 'true' }, { CI: '1' }, { CI: 'TRUE' }])('fails in CI, never skips: %o', (env) => {
    expect(browserCheck(missing, env)).toMatchObject({ verdict: 'fail', line: expect.stringMatching(/apt-get install chromium/) });
  });
});

describe('reports/html-report.test.ts on a machine without Chromium', () => {
  const vitest = join(createRequire(import.meta.url).resolve('vitest/package.json'), '..', 'vitest.mjs');
  const runBrowserTest = (ci: string) =>
    spawnSync(process.execPath, [vitest, 'run', '--config', 'sim/testing/fixtures/browser-missing/vitest.config.mjs'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, CUTPOINT_CHROMIUM: missing, CI: ci, NO_COLOR: '1', FORCE_COLOR: undefined },
    });

  it('outside CI: skipped, passing, with the one line saying how to install it', () => {
    const run = runBrowserTest('');
    expect(run.status).toBe(0);
    const output = run.stdout + run.stderr;
    expect(output.split('\n').filter((line) => line.includes('apt-get install chromium'))).toEqual([
      `the browser test is skipped: no Chromium at ${missing}: install it with \`apt-get install chromium\` (as .ci/run does)`,
    ]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^tests: 0 passed, 0 failed, [1-9]\d* skipped$/);
  });

  it('with CI=true: the file fails, and the closing line counts it', () => {
    const run = runBrowserTest('true');
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /Error: no Chromium at \/nonexistent\/cutpoint\/chromium: install it with `apt-get install chromium`/,
    );
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^tests: 0 passed, 1 failed \(1 of them a test file that failed in its setup\), \d+ skipped$/,
    );
  });
});
