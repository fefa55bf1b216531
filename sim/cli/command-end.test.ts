import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const fixtures = join(process.cwd(), 'sim', 'testing', 'fixtures');

describe('a module sim loads cannot decide how sim ends', () => {
  it('a timer that calls process.exit(0) mid-table is exit 2 with one line, not a silent pass; with --format json the error document', async () => {
    const cwd = tempFolder('late-exit');
    for (const format of ['text', 'json']) {
      const run = await spawnSimAsync(['table', '-p', join(fixtures, 'late-exit.mjs'), '--format', format, '--out', 'runs'], cwd);
      expect({ format, code: run.code }).toEqual({ format, code: 2 });
      const lines = run.stderr.trim().split('\n');
      expect(lines).toEqual([
        'sim: process.exit(0) was called before the command finished (a timer or callback of a protocol or policy module?): no verdict was reached',
      ]);
      if (format === 'json')
        expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'error', exitCode: 2, message: lines[0]!.slice('sim: '.length) });
      else expect(run.stdout).not.toMatch(/expected cells match/);
    }
    // No verdict was written: no run folder holds a results.json.
    const runs = join(cwd, 'runs');
    const folders = existsSync(runs) ? readdirSync(runs) : [];
    expect(folders.filter((folder) => existsSync(join(runs, folder, 'results.json')))).toEqual([]);
  });

  it('an interval left running after the verdict: the table and its exit code stand, one line says so, and the process ends', async () => {
    const cwd = tempFolder('lingering-interval');
    const run = await spawnSimAsync(
      ['table', '-p', join(fixtures, 'lingering-interval.mjs'), '--measure-only', '--out', 'runs'],
      cwd,
      30_000,
    );
    // A hang would be killed by the time limit (code null); the verdict of the table is the command's own exit code.
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/run folder: runs\//);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      "sim: the command has ended, but something it loaded (a protocol's setInterval, an open socket?) kept the process alive; ended after 500 ms",
    );
    const [folder] = readdirSync(join(cwd, 'runs'));
    expect(existsSync(join(cwd, 'runs', folder!, 'results.json'))).toBe(true);
  });

  it("sim check on the README's example protocol ends without a word about something kept alive: its watched child lingered on its own stdin", async () => {
    const cwd = tempFolder('watched-child-ends');
    const example = join(process.cwd(), 'protocols', 'examples', 'my-protocol.ts');
    const run = await spawnSimAsync(
      ['check', 'identity', '-p', example, '--runs', '3', '--seed', '1', '--jobs', '1', '--out', 'runs'],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1\/1 properties passed/);
    expect(run.stderr).not.toMatch(/kept the process alive/);
  });
});
