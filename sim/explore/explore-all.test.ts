import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { reservationFamily } from '../families/reservation/family.js';
import type { ExploreBounds } from './controlled-run.js';
import { exploreAll, type UnitRecord } from './explore-all.js';
import { explore, type ExploreResult } from './explore.js';

const BOUNDS: ExploreBounds = { workers: 2, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' };
// Where a test needs the worker process to take subtrees: at one intention this process can explore everything before
// the worker has loaded on a busy machine (CI's), and then the worker takes nothing, by design.
const POOLED: ExploreBounds = { ...BOUNDS, intentions: 2 };
const NAMES = ['outbox-dedup', 'mark-first', 'outbox-no-dedup'];
const SUBJECTS = NAMES.map((name) => ({
  family: reservationFamily,
  protocol: findProtocol(name)!,
  source: { family: 'reservation', protocol: name },
}));

/** Everything a run decides, without its wall time and without who explored which subtree. */
function verdicts(result: ExploreResult) {
  const { timeMs: _time, subtrees, ...rest } = result;
  return { ...rest, subtrees: { total: subtrees.total, explored: subtrees.explored } };
}

async function alone(options: { executionsMax: number; shard?: { index: number; count: number } }, bounds = BOUNDS) {
  const results: ExploreResult[] = [];
  for (const subject of SUBJECTS) results.push(await explore(subject.family, subject.protocol, bounds, options));
  return results.map(verdicts);
}

describe('exploreAll: several protocols on one pool', () => {
  it('gives each protocol, at one job and at two, exactly what exploring it alone gives; one worker serves several protocols', async () => {
    const expected = await alone({ executionsMax: 50_000 }, POOLED);
    expect(expected.map((result) => result.violations.map((group) => group.kind))).toEqual([[], ['lost'], ['duplicate']]);
    const inTurn: UnitRecord[] = [];
    const one = await exploreAll(SUBJECTS, POOLED, { executionsMax: 50_000, jobs: 1, onUnit: (unit) => inTurn.push(unit) });
    expect(one.map(verdicts)).toEqual(expected);
    expect(one.every((result) => result.subtrees.inWorkers === 0)).toBe(true);
    // One job: this process alone, every protocol's subtrees in turn, in their order.
    expect(inTurn.every((unit) => unit.runner === 0)).toBe(true);
    expect(inTurn.map((unit) => unit.protocol)).toEqual(
      SUBJECTS.flatMap((subject, index) => Array(one[index]!.subtrees.total).fill(subject.protocol.name)),
    );
    const units: UnitRecord[] = [];
    const two = await exploreAll(SUBJECTS, POOLED, { executionsMax: 50_000, jobs: 2, onUnit: (unit) => units.push(unit) });
    expect(two.map(verdicts)).toEqual(expected);
    // The worker process explored subtrees, of more than one protocol: the pool is shared, and each job named its protocol.
    const inWorker = units.filter((unit) => unit.runner === 1);
    expect(two.reduce((sum, result) => sum + result.subtrees.inWorkers, 0)).toBe(inWorker.length);
    expect(new Set(inWorker.map((unit) => unit.protocol)).size).toBeGreaterThan(1);
    // Every subtree of every protocol was explored once, this process taking the first (fewest departures) at once.
    expect(units).toHaveLength(two.reduce((sum, result) => sum + result.subtrees.total, 0));
    expect(units.find((unit) => unit.runner === 0 && unit.startMs === Math.min(...units.map((each) => each.startMs)))?.key).toMatch(
      /^0(:0)*$/,
    );
  }, 300_000);

  it('applies the bound on executions per protocol, in its subtrees’ order, as alone', async () => {
    const expected = await alone({ executionsMax: 40 });
    expect(expected.filter((result) => !result.exhaustive).map((result) => result.protocol)).toEqual(['outbox-dedup', 'outbox-no-dedup']);
    for (const jobs of [1, 2]) expect((await exploreAll(SUBJECTS, BOUNDS, { executionsMax: 40, jobs })).map(verdicts)).toEqual(expected);
  }, 300_000);

  it('keeps each protocol’s own shard of subtrees, as alone', async () => {
    const shard = { index: 2, count: 3 };
    const expected = await alone({ executionsMax: 50_000, shard });
    const two = await exploreAll(SUBJECTS, BOUNDS, { executionsMax: 50_000, jobs: 2, shard });
    expect(two.map(verdicts)).toEqual(expected);
    expect(two.every((result) => result.subtrees.explored < result.subtrees.total)).toBe(true);
  }, 300_000);
});
