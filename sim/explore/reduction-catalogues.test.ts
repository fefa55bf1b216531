import { describe, expect, it } from 'vitest';
import { loadFamily } from '../families/index.js';
import type { ExploreBounds } from './controlled-run.js';
import { explore } from './explore.js';

/**
 * The plan and handover catalogues at the smallest bounds a crash schedule
 * needs; the reservation catalogue is held to the same in reduction.test.ts.
 * Both families explore every interleaving today (their workers share memory
 * no statement shows, and are not interchangeable): this holds whatever
 * reduction they are given to the naive search's verdicts.
 */
const CATALOGUES: { family: string; bounds: ExploreBounds }[] = [
  { family: 'plan', bounds: { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' } },
  { family: 'handover', bounds: { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' } },
];

describe.each(CATALOGUES)('the reduced search finds what the naive one finds: every flawed $family protocol', ({ family: name, bounds }) => {
  it('the same violation kinds and the same distinct end states, exhaustively, in no more schedules', async () => {
    const family = (await loadFamily(name))!;
    const flawed = family.protocols.filter((entry) => entry.status === 'flawed');
    expect(flawed.length).toBeGreaterThan(0);
    for (const { protocol } of flawed) {
      const naive = await explore(family, protocol, bounds, { executionsMax: 20_000, reduction: false });
      const reduced = await explore(family, protocol, bounds, { executionsMax: 20_000 });
      expect([protocol.name, naive.exhaustive, reduced.exhaustive]).toEqual([protocol.name, true, true]);
      expect([protocol.name, ...reduced.violations.map((group) => group.kind)]).toEqual([
        protocol.name,
        ...naive.violations.map((group) => group.kind),
      ]);
      expect([protocol.name, ...reduced.endStates]).toEqual([protocol.name, ...naive.endStates]);
      expect(reduced.schedules).toBeLessThanOrEqual(naive.schedules);
    }
  });
});
