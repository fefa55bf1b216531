import { describe, expect, it } from 'vitest';
import { loadFamily } from '../families/index.js';
import { reservationFamily } from '../families/reservation/family.js';
import type { ExploreBounds } from './controlled-run.js';
import { ChoiceLog, parseSchedule } from './choices.js';
import { runControlled } from './controlled-run.js';
import { explore } from './explore.js';
import { reduces } from './target.js';

const SMALL: ExploreBounds = { workers: 2, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' };
const flawed = reservationFamily.protocols.filter((entry) => entry.status === 'flawed').map((entry) => entry.protocol);

/** The reduced and the naive search of one protocol: what each decides, and how many schedules each ran. */
async function both(name: string, bounds: ExploreBounds) {
  const protocol = reservationFamily.protocols.find((entry) => entry.protocol.name === name)!.protocol;
  const naive = await explore(reservationFamily, protocol, bounds, { executionsMax: 50_000, reduction: false });
  const reduced = await explore(reservationFamily, protocol, bounds, { executionsMax: 50_000 });
  expect(naive.exhaustive && reduced.exhaustive).toBe(true);
  return { naive, reduced };
}

describe('the reduced search finds what the naive one finds', () => {
  it.each(flawed.map((protocol) => protocol.name))('%s: the same violation kinds and the same distinct end states', async (name) => {
    const { naive, reduced } = await both(name, SMALL);
    expect(reduced.reduction.on).toBe(true);
    expect(naive.reduction).toEqual({ on: false, skipped: 0 });
    expect(reduced.violations.map((group) => group.kind)).toEqual(naive.violations.map((group) => group.kind));
    expect(reduced.endStates).toEqual(naive.endStates);
    expect(reduced.schedules).toBeLessThanOrEqual(naive.schedules);
  });

  it.each(flawed.map((protocol) => protocol.name))(
    '%s, two intentions in flight (steps on different rows of one table): the same violation kinds and end states',
    async (name) => {
      const { naive, reduced } = await both(name, { ...SMALL, intentions: 2, crashDepth: 0 });
      expect(reduced.violations.map((group) => group.kind)).toEqual(naive.violations.map((group) => group.kind));
      expect(reduced.endStates).toEqual(naive.endStates);
      expect(reduced.schedules).toBeLessThanOrEqual(naive.schedules);
    },
  );

  it('runs fewer schedules where steps touch different rows, with two intentions in flight, and the same end states', async () => {
    const { naive, reduced } = await both('outbox-dedup', { ...SMALL, intentions: 2, crashDepth: 0 });
    expect(reduced.endStates).toEqual(naive.endStates);
    expect(naive.distinctEndStates).toBeGreaterThan(1);
    expect(reduced.reduction.skipped).toBeGreaterThan(0);
    expect(reduced.schedules).toBeLessThan(naive.schedules);
  });

  it('prints a shortest schedule that replays its violation on the naive path, as --schedule runs it', async () => {
    const protocol = reservationFamily.protocols.find((entry) => entry.protocol.name === 'check-then-act')!.protocol;
    const reduced = await explore(reservationFamily, protocol, SMALL, { executionsMax: 50_000 });
    const [group] = reduced.violations;
    expect(group?.kind).toBe('duplicate');
    const workload = reservationFamily.exploreWorkload(SMALL.intentions);
    const log = new ChoiceLog(parseSchedule(group!.shortest.schedule), new Set());
    const execution = await runControlled({
      family: reservationFamily,
      protocol,
      workload,
      bounds: SMALL,
      log,
      folder: 'reduction/replay',
    });
    expect(reservationFamily.judge(workload, execution.outcome!)?.kind).toBe('duplicate');
  });

  it('stays off where workers share memory no statement shows (the plan and handover worlds) and for a user module', async () => {
    for (const name of ['plan', 'handover']) {
      const family = (await loadFamily(name))!;
      for (const { protocol } of family.protocols.filter((entry) => entry.status === 'flawed'))
        expect(reduces({ family, protocol, bounds: SMALL })).toBe(false);
    }
    expect(reduces({ family: reservationFamily, protocol: flawed[0]!, bounds: SMALL, protocolFile: '/somewhere/own.ts' })).toBe(false);
    expect(reduces({ family: reservationFamily, protocol: flawed[0]!, bounds: SMALL, reduction: false })).toBe(false);
  });
});
