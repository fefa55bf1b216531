import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { reservationFamily } from '../families/reservation/family.js';
import { ChoiceLog, parseSchedule } from './choices.js';
import { runControlled, type ExploreBounds } from './controlled-run.js';
import { explore, type ExploreResult } from './explore.js';
import { parseShard, shardItems } from './shard.js';
import { mergeVerdicts } from './verdicts.js';

const BOUNDS: ExploreBounds = { workers: 2, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' };
// Where the worker process must take subtrees: at one intention this process can explore everything before the worker
// has loaded on a busy machine (CI's), and then the worker takes nothing, by design.
const POOLED: ExploreBounds = { ...BOUNDS, intentions: 2 };
const KINDS: Record<string, string[]> = { 'outbox-dedup': [], 'mark-first': ['lost'], 'outbox-no-dedup': ['duplicate'] };

/** Everything a run decides, without its wall time. */
function verdicts(result: ExploreResult) {
  const { timeMs: _time, shard: _shard, subtrees: _subtrees, ...rest } = result;
  return rest;
}

async function replayKind(protocol: string, schedule: string): Promise<string | undefined> {
  const workload = reservationFamily.exploreWorkload(BOUNDS.intentions);
  const log = new ChoiceLog(parseSchedule(schedule), new Set());
  const execution = await runControlled({
    family: reservationFamily,
    protocol: findProtocol(protocol)!,
    workload,
    bounds: BOUNDS,
    log,
    folder: 'replay',
  });
  return reservationFamily.judge(workload, execution.outcome!)?.kind;
}

describe('sim explore --shard i/n', () => {
  it.each(Object.keys(KINDS))(
    '%s, W=2 I=1 D=1: the union of the shards of n = 2 and n = 3 is the unsharded run, and each shard replays without --shard',
    async (name) => {
      const protocol = findProtocol(name)!;
      const whole = await explore(reservationFamily, protocol, BOUNDS, { executionsMax: 50_000 });
      expect(whole.exhaustive).toBe(true);
      expect(whole.violations.map((v) => v.kind)).toEqual(KINDS[name]);
      expect(whole.subtrees.total).toBeGreaterThanOrEqual(3);
      for (const count of [2, 3]) {
        const shards: ExploreResult[] = [];
        for (let index = 1; index <= count; index++) {
          shards.push(await explore(reservationFamily, protocol, BOUNDS, { executionsMax: 50_000, shard: { index, count } }));
        }
        // Each shard did a share of the work, and the shares add up to the subtrees of the whole.
        expect(shards.every((shard) => shard.schedules > 0 && shard.schedules < whole.schedules)).toBe(true);
        expect(shards.reduce((sum, shard) => sum + shard.subtrees.explored, 0)).toBe(whole.subtrees.total);
        const union = mergeVerdicts(shards.map((shard) => ({ ...shard, skipped: shard.reduction.skipped })));
        expect(union).toEqual({
          schedules: whole.schedules,
          pruned: whole.pruned,
          endStates: whole.endStates,
          violations: whole.violations,
          exhaustive: true,
          skipped: whole.reduction.skipped,
        });
        for (const shard of shards) {
          for (const group of shard.violations) expect(await replayKind(name, group.shortest.schedule)).toBe(group.kind);
        }
      }
    },
    300_000,
  );

  it('explores the same subtrees one at a time and two at a time (a worker process beside this one): the same verdicts', async () => {
    const protocol = findProtocol('outbox-no-dedup')!;
    const source = { family: 'reservation', protocol: 'outbox-no-dedup' };
    const one = await explore(reservationFamily, protocol, POOLED, { executionsMax: 50_000 });
    const two = await explore(reservationFamily, protocol, POOLED, { executionsMax: 50_000, jobs: 2, source });
    expect(verdicts(two)).toEqual(verdicts(one));
    expect(one.subtrees.inWorkers).toBe(0);
    expect(two.subtrees.inWorkers).toBeGreaterThan(0);
    // Under a bound on executions the pool stops where one runner would.
    const boundOne = await explore(reservationFamily, protocol, BOUNDS, { executionsMax: 40 });
    const boundTwo = await explore(reservationFamily, protocol, BOUNDS, { executionsMax: 40, jobs: 2, source });
    expect(boundOne).toMatchObject({ exhaustive: false, schedules: 40 });
    expect(verdicts(boundTwo)).toEqual(verdicts(boundOne));
  }, 300_000);

  it('reads i/n and refuses anything else in one sentence', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('0/3')).toEqual({ error: "a shard i/n needs 1 ≤ i ≤ n ≤ 1000; got '0/3'" });
    expect(parseShard('4/3')).toHaveProperty('error');
    expect(parseShard('1/0')).toHaveProperty('error');
    expect(parseShard('a/b')).toEqual({ error: "a shard is written i/n, e.g. 1/3; got 'a/b'" });
  });

  it('gives every item to exactly one of the n shards', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const shards = [1, 2, 3].map((index) => shardItems(items, { index, count: 3 }));
    expect(shards).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
  });
});
