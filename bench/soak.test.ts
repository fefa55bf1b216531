import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../sim/testing/temp-folder.js';

const SOAK = fileURLToPath(new URL('../dist/bench/soak.js', import.meta.url));
const cwd = tempFolder('soak');

function soak(args: readonly string[]) {
  const run = spawnSync(process.execPath, [SOAK, ...args], { cwd, encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run soak', () => {
  it.each([
    [[]],
    [['--minutes', 'abc']],
    [['--minutes', '0']],
    [['--minutes', '1', '--runs', '2.5']],
    [['--minutes', '1', '--jobs', '2']],
    [['--minutes', '1', '--family', 'nope']],
  ])('refuses %j in one line on stderr, exit 2, without running anything', (args) => {
    const { code, stdout, stderr } = soak(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^soak: [^\n]+\. usage: npm run soak -- --minutes M \[--runs R\][^\n]*\n$/);
  });

  it('runs fresh seeds over every family until the time is up, then prints the runs and seeds each family covered', () => {
    const { code, stdout, stderr } = soak(['--minutes', '0.05', '--runs', '3']);
    expect(code).toBe(0);
    const steps = stderr.split('\n').filter((line) => /^\[\d+:\d\d:\d\d\] /.test(line));
    // The family with the least time so far goes next: every family ran a check.
    for (const family of ['reservation', 'plan', 'handover']) expect(steps.some((line) => line.includes(`] ${family} `))).toBe(true);
    expect(steps.every((line) => /, seed \d+: (held|unexercised), 3 runs in \d+\.\d s$/.test(line))).toBe(true);
    expect(stdout).toMatch(/^soak: fresh seeds, 3 runs per property and seed, ended after [\d.]+ minutes\n/);
    for (const family of ['reservation', 'plan', 'handover'])
      expect(stdout).toMatch(new RegExp(`^  ${family}: \\d+ seeds? with every check, [1-9]\\d* checks?, [1-9]\\d* runs?, 0 failed$`, 'm'));
    expect(stdout).not.toMatch(/✗/);
  });

  it('soaks only the families named with --family', () => {
    const { code, stdout, stderr } = soak(['--minutes', '0.02', '--runs', '2', '--family', 'handover']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^\[\d+:\d\d:\d\d\] handover handover-once on reference-harness, seed \d+: /m);
    expect(stderr).not.toMatch(/\] (reservation|plan) /);
    expect(stdout.split('\n').filter((line) => /^  \w+: \d+ seeds? /.test(line))).toEqual([expect.stringMatching(/^  handover: /)]);
  });
});
