import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRESH_SEED_VARIABLE, freshSeed } from '../../check/fresh-seeds.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { rowsIn } from './testing/rows-in.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const out = tempFolder('openai-agents-user-check');
const CANCEL = 'cancel_subscription:{"subscription":"7"}';

// No --family: the module's agent() export names its family.
const check = (module: string, ...more: string[]) =>
  runCli(['check', '--protocol', join(FIXTURES, module), '--runs', '30', '--out', out, ...more], FIXTURES);

describe("sim check on a user's agents module: its own tool calls, not the examples' refund", () => {
  it('finds the cancellation repeated, its kept run holds two in effects.db, and its replay line finds it again', async () => {
    const run = await check('my-agents.ts', '--seed', '3');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`duplicate: ${CANCEL} took effect 2 times; 1 without a crash`);
    const kept = /kept: +(\S+)/.exec(run.stdout)![1]!;
    expect(rowsIn(resolve(FIXTURES, kept, 'effects.db'), 'effects', CANCEL)).toBe(2);
    expect(rowsIn(resolve(FIXTURES, kept, 'fault-free', 'effects.db'), 'effects', CANCEL)).toBe(1);
    const replay = /replay: +(.+)/.exec(run.stdout)![1]!.split(' ').slice(2);
    const again = await runCli(replay, FIXTURES);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`violation: duplicate: ${CANCEL} took effect 2 times; 1 without a crash`);
  }, 240_000);

  it(`holds the keyed cancellation on a fresh seed (${FRESH_SEED_VARIABLE}=S runs seed S)`, async () => {
    const drawn = freshSeed(process.env);
    if (typeof drawn === 'string') throw new Error(drawn);
    // sim check's own default of 200 runs: a crash in a recovery, which the property must see fire, is one run in twenty or so.
    const run = await check('keyed-agents.ts', '--seed', String(drawn), '--runs', '200');
    expect(run.stdout, `seed ${drawn}`).toMatch(/✓ effects-once/);
    expect(run.code, `seed ${drawn}`).toBe(0);
  }, 240_000);

  it('refuses --workers in one line, exit 2', async () => {
    const run = await check('my-agents.ts', '--workers', '2');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('the openai-agents family takes no --workers');
  });
});
