import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { explore } from './explore.js';
import { reservationFamily } from '../families/reservation/family.js';

/**
 * Complete exploration of the seed protocols for W <= 2, I <= 2, D = 2 (which
 * includes every schedule with fewer crashes). Each (W, I) is its own
 * workload, so all four are explored.
 */
const BOUNDS = [1, 2].flatMap((workers) =>
  [1, 2].map((intentions) => ({ workers, intentions, crashDepth: 2, retentionMs: null, cuts: 'named' as const })),
);

const EXPECTED: Record<string, { kinds: string[]; singleCrashCuts: string[] }> = {
  'outbox-dedup': { kinds: [], singleCrashCuts: [] },
  // The table: N=0 at intent-recorded.
  'mark-first': { kinds: ['lost'], singleCrashCuts: ['intent-recorded'] },
  // The table: N=2 at effect-applied and response-observed (with two workers also when a lease is taken over, crash or not).
  'outbox-no-dedup': { kinds: ['duplicate'], singleCrashCuts: ['effect-applied', 'response-observed'] },
};

describe('exhaustive exploration of the seed protocols', () => {
  it.each(Object.keys(EXPECTED).flatMap((protocol) => BOUNDS.map((bounds) => ({ protocol, ...bounds }))))(
    '$protocol, W=$workers I=$intentions D=2: explored completely, with exactly the violations the table predicts',
    async ({ protocol, ...bounds }) => {
      const result = await explore(reservationFamily, findProtocol(protocol)!, bounds, { executionsMax: 50_000 });
      expect(result.exhaustive).toBe(true);
      expect(result.complete).toBeGreaterThan(0);
      expect(result.violations.map((v) => v.kind)).toEqual(EXPECTED[protocol]!.kinds);
    },
    // Minutes, not seconds: on this 2-core machine shared by eight engineers one exploration alone can take a minute.
    300_000,
  );

  it.each(Object.keys(EXPECTED))("%s, one worker, one crash, nothing memoised: the violating cuts are the table's", async (protocol) => {
    const result = await explore(
      reservationFamily,
      findProtocol(protocol)!,
      { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' as const },
      { executionsMax: 100, memoise: false },
    );
    // No crash, or a crash at one of the five cuts.
    expect(result).toMatchObject({ exhaustive: true, schedules: 6, pruned: 0 });
    expect(result.violations.flatMap((v) => v.singleCrashCuts)).toEqual(EXPECTED[protocol]!.singleCrashCuts);
  });

  it('with no crash and one worker, no protocol violates anything', async () => {
    for (const protocol of Object.keys(EXPECTED)) {
      const result = await explore(
        reservationFamily,
        findProtocol(protocol)!,
        { workers: 1, intentions: 2, crashDepth: 0, retentionMs: null, cuts: 'named' as const },
        { executionsMax: 100 },
      );
      expect(result).toMatchObject({ exhaustive: true, schedules: 1, violations: [] });
    }
  });

  it('memoises: the same state is not explored twice, and the count is reproducible', { timeout: 120_000 }, async () => {
    const bounds = { workers: 2, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' as const };
    const first = await explore(reservationFamily, findProtocol('outbox-dedup')!, bounds, { executionsMax: 50_000 });
    const second = await explore(reservationFamily, findProtocol('outbox-dedup')!, bounds, { executionsMax: 50_000 });
    expect(first.pruned).toBeGreaterThan(0);
    expect([second.schedules, second.complete, second.distinctEndStates]).toEqual([
      first.schedules,
      first.complete,
      first.distinctEndStates,
    ]);
  });

  it('says when the bound on executions stopped it before it was exhaustive', async () => {
    const result = await explore(
      reservationFamily,
      findProtocol('outbox-dedup')!,
      { workers: 2, intentions: 2, crashDepth: 2, retentionMs: null, cuts: 'named' as const },
      { executionsMax: 10 },
    );
    expect(result).toMatchObject({ exhaustive: false, schedules: 10 });
  });

  it("finds check-then-act's duplicate under concurrency without any crash", async () => {
    const result = await explore(
      reservationFamily,
      findProtocol('check-then-act')!,
      { workers: 2, intentions: 1, crashDepth: 0, retentionMs: null, cuts: 'named' as const },
      { executionsMax: 1_000 },
    );
    expect(result.violations.map((v) => [v.kind, v.shortest.crashes])).toEqual([['duplicate', 0]]);
  });
});
