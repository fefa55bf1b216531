import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fixture = join(process.cwd(), 'sim', 'testing', 'fixtures', 'setup-fails');
const vitest = join(createRequire(import.meta.url).resolve('vitest/package.json'), '..', 'vitest.mjs');

describe('the closing line of npm test', () => {
  it('counts a test file whose beforeAll failed as failed, beside the file that passed', () => {
    // A real vitest run of two fixture files with the reporter, in its own process, as npm test runs it.
    const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.config.mjs'], {
      cwd: fixture,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined },
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/Error: the setup of this file failed/);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'tests: 1 passed, 1 failed (1 of them a test file that failed in its setup), 2 skipped',
    );
  });
});
