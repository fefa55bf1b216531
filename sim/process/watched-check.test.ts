import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('watched-check');
const misbehaving = (name: string) => join(process.cwd(), 'fixtures', 'misbehaving', name);
const LIFE_TIMEOUT_MS = 1_500;

const check = (file: string, ...more: string[]) =>
  spawnSimAsync(
    ['check', 'dedup-safety', '--protocol', file, '--runs', '5', '--seed', '1', '--life-timeout-ms', String(LIFE_TIMEOUT_MS), ...more],
    cwd,
  );

describe('sim check --protocol FILE runs the check in a watched child', () => {
  it.each([
    {
      file: 'loops.ts',
      says: /^sim check: protocol loops: a life did not end within 1500 ms in run 1 of dedup-safety, life 0 .*--life-timeout-ms/,
    },
    {
      file: 'never-settles.ts',
      says: /^sim check: protocol never-settles: a life did not end within 1500 ms in run 1 of dedup-safety, life 0/,
    },
    { file: 'exits.ts', says: /^sim check: protocol exits ended the process itself \(exit code 0\) in run 1 of dedup-safety, life 0/ },
  ])('$file: one line naming the protocol, the run and the life, exit 1, within the watchdog bound', async ({ file, says }) => {
    const run = await check(misbehaving(file));
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(says);
    // Start-up (node, tsx, the module) plus the watchdog's bound, never a hang.
    expect(run.ms).toBeLessThan(LIFE_TIMEOUT_MS + 20_000);
  });

  it('a well-behaved protocol file passes through the child: its summary on stdout, exit 0', async () => {
    const example = join(process.cwd(), 'protocols', 'examples', 'my-protocol.ts');
    const run = await check(example, '--runs', '150', '--seed', '11', '--store', 'memory');
    expect(run.stderr).not.toContain('sim check: protocol');
    expect(run.stdout).toMatch(/✓ dedup-safety +held +150 runs/);
    expect(run.stdout).toContain('1/1 properties passed (seed 11).');
    expect(run.code).toBe(0);
  });

  it('sim explore --protocol FILE is watched the same way', async () => {
    const run = await spawnSimAsync(
      ['explore', '--protocol', misbehaving('loops.ts'), '-w', '1', '-i', '1', '-d', '0', '--life-timeout-ms', String(LIFE_TIMEOUT_MS)],
      cwd,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^sim explore: protocol loops: a life did not end within 1500 ms in life 0/);
    expect(run.ms).toBeLessThan(LIFE_TIMEOUT_MS + 20_000);
  });
});
