import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../../protocols/plan/catalogue.js';
import { defaultScratchParent } from '../../process/scratch.js';
import type { AnyFamily } from '../../engine/run-case.js';
import type { ExploreBounds } from '../../explore/controlled-run.js';
import { explore } from '../../explore/explore.js';
import { MemoryMedium } from '../../engine/connections.js';
import { runFamily } from '../../engine/run-family.js';
import { planFamily } from './plan-family.js';

const family = planFamily as unknown as AnyFamily;
/** The smallest bounds: the edit step alone, one loop, one crash anywhere. */
const SMALLEST: ExploreBounds = { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' };

function protocol(name: string) {
  const found = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === name)?.protocol;
  if (!found) throw new Error(`no plan protocol ${name}`);
  return found;
}

function scratchFolders(): string[] {
  return readdirSync(defaultScratchParent()).filter((name) => name.startsWith('cutpoint-scratch-'));
}

describe('sim explore --family plan: every crash schedule of the edit step, on real files in a tmpfs', () => {
  it('checkpoint-after-step: no violation in any of the schedules, explored exhaustively', async () => {
    const result = await explore(family, protocol('checkpoint-after-step'), SMALLEST, { executionsMax: 500 });
    expect(result.exhaustive).toBe(true);
    expect(result.complete).toBeGreaterThan(5);
    expect(result.violations).toEqual([]);
  });

  it('finds what one crash shows: the keyless tool writes twice, mark-first loses the edit', async () => {
    const keyless = await explore(family, protocol('tool-without-key'), SMALLEST, { executionsMax: 500 });
    expect(keyless.violations.map((group) => group.kind)).toEqual(['duplicate']);
    // The explored build fails once, so the step's retry resends its write: without a key that is a second write, no crash needed.
    expect(keyless.violations[0]?.shortest.crashes).toBe(0);
    const markFirst = await explore(family, protocol('mark-done-first'), SMALLEST, { executionsMax: 500 });
    expect(markFirst.violations.map((group) => group.kind)).toContain('lost');
  });

  it('finds what the table cannot: a budget counted in memory is overspent after one crash (7 calls against 6)', async () => {
    const before = scratchFolders();
    const result = await explore(family, protocol('budget-in-memory'), SMALLEST, { executionsMax: 500 });
    expect(result.exhaustive).toBe(true);
    const group = result.violations.find((candidate) => candidate.kind === 'over-budget');
    expect(group?.shortest.message).toBe('7 calls against a budget of 6');
    expect(group?.shortest.crashes).toBe(1);
    // The executions' files lived in a scratch folder of the tmpfs, removed once the exploration ended.
    expect(scratchFolders().filter((name) => !before.includes(name))).toEqual([]);
  });

  it('finds what the table cannot: a back-off kept in memory is forgotten by a restart, which calls inside the window it had recorded', async () => {
    const result = await explore(family, protocol('backoff-in-memory'), SMALLEST, { executionsMax: 500 });
    expect(result.exhaustive).toBe(true);
    const group = result.violations.find((candidate) => candidate.kind === 'in-window');
    expect(group?.shortest.crashes).toBe(1);
    expect(group?.shortest.message).toMatch(
      /^1 call\(s\) inside a Retry-After window, though the loop recorded all 2 429\(s\) it was sent$/,
    );
    // The explored tools answer 429 even without a crash, and the correct loop waits every window out.
    const correct = await explore(family, protocol('checkpoint-after-step'), SMALLEST, { executionsMax: 500 });
    expect(correct.violations).toEqual([]);
  });

  it('finds what the table cannot: a gate that is an opinion advances past the failing build, with no crash at all', async () => {
    const result = await explore(family, protocol('gate-as-opinion'), SMALLEST, { executionsMax: 500 });
    expect(result.exhaustive).toBe(true);
    const group = result.violations.find((candidate) => candidate.kind === 'gate-skipped');
    expect(group?.shortest.crashes).toBe(0);
    expect(group?.shortest.message).toBe('1 step(s) advanced without their gate passing');
  });

  it('two loops on one JSON checkpoint write the edit twice without any crash; the SQLite checkpoint with a lease does not', async () => {
    const bounds: ExploreBounds = { ...SMALLEST, workers: 2, crashDepth: 0 };
    const shared = await explore(family, protocol('checkpoint-after-step'), bounds, { executionsMax: 20 });
    expect(shared.violations.find((group) => group.kind === 'duplicate')?.shortest.crashes).toBe(0);
    const leased = await explore(family, protocol('checkpoint-lease'), bounds, { executionsMax: 20 });
    expect(leased.complete).toBeGreaterThan(0);
    expect(leased.violations).toEqual([]);
  }, 60_000);
});

it('the plan world refuses in-memory stores in one sentence: its checkpoint is a real file, so a memory run would measure nothing', async () => {
  const outcome = await runFamily(planFamily, {
    protocol: protocol('checkpoint-after-step'),
    workload: planFamily.exploreWorkload(1),
    folder: 'explore/0',
    medium: new MemoryMedium(),
    plan: [],
    livesMax: 1,
  });
  expect(outcome.end.kind).toBe('error');
  expect(outcome.end.kind === 'error' && outcome.end.message).toMatch(
    /keeps its JSON checkpoint in a real file .*no folder \(explore\/0\)/,
  );
  expect(existsSync('explore/0')).toBe(false);
});
