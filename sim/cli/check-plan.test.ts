import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('plan-check-cli');

describe('sim check --family plan', () => {
  it('a control finds its bug and prints a replay line; the replay line gives back the run, its files kept', async () => {
    const out = join(folder, 'runs');
    const check = await runCli(
      ['check', '--family', 'plan', 'finds-torn-checkpoint', 'budget-bound', '--runs', '40', '--seed', '7', '--out', out],
      folder,
    );
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/✓ budget-bound +held +40 runs/);
    expect(check.stdout).toContain('sim check: 2 properties of the plan family');
    expect(check.stdout).toContain('torn: life 1 found an unreadable checkpoint');
    const replay = /replay: npx sim (check .*)/.exec(check.stdout)?.[1];
    expect(replay).toBeDefined();
    const replayed = await runCli([...(replay as string).split(' '), '--out', out], folder);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('torn: life 1 found an unreadable checkpoint');
    const files = resolve(folder, /kept: (\S+)/.exec(replayed.stdout)?.[1] as string);
    expect(readdirSync(files)).toEqual(expect.arrayContaining(['orchestrator.db', 'tool-server.db', 'history.jsonl', 'checkpoint.json']));
    // The torn file is there to be looked at: an empty checkpoint.json from the in-place write.
    expect(readFileSync(join(files, 'history.jsonl'), 'utf8')).toContain('"type":"crash","op":"checkpoint-written"');
  }, 60_000);

  it('an unknown plan property is bad input in one line', async () => {
    const run = await runCli(['check', '--family', 'plan', 'nope', '--out', join(folder, 'runs')], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^sim: unknown property 'nope' in family plan; valid: writes-once, .*\n$/);
  });
});
