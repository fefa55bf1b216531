import { performance } from 'node:perf_hooks';
import { findProtocol } from '../protocols/reservation/registry.js';
import type { ExploreBounds } from '../sim/explore/controlled-run.js';
import { exploreAll } from '../sim/explore/explore-all.js';
import { reservationFamily } from '../sim/families/reservation/family.js';
import { cpuSecondsSoFar } from './cpu-time.js';
import { speedLine } from './speed-bench.js';

/** The targets for the reduced search, each run side by side with the naive search (one job, in memory). */
const TARGETS: { what: string; protocols: string[]; bounds: ExploreBounds; target: string }[] = [
  {
    what: 'explore W=3 I=3 D=1 outbox-dedup',
    protocols: ['outbox-dedup'],
    bounds: { workers: 3, intentions: 3, crashDepth: 1, retentionMs: null, cuts: 'named' },
    target: 'target: at most 5,000 schedules, under 10 s',
  },
  {
    what: 'explore W=2 I=2 D=2 three seed protocols',
    protocols: ['outbox-dedup', 'mark-first', 'outbox-no-dedup'],
    bounds: { workers: 2, intentions: 2, crashDepth: 2, retentionMs: null, cuts: 'named' },
    target: 'target: under 2 s',
  },
];

/**
 * `npm run bench -- reduction`: how many schedules the reduced search runs
 * and how long it takes, beside the naive search on the same bounds, and
 * whether both found the same violation kinds and end states.
 */
export async function reductionBench(): Promise<void> {
  for (const { what, protocols, bounds, target } of TARGETS) {
    const subjects = protocols.map((name) => ({ family: reservationFamily, protocol: findProtocol(name)! }));
    const found: string[] = [];
    for (const reduction of [true, false]) {
      const started = performance.now();
      const cpuBefore = cpuSecondsSoFar();
      const results = await exploreAll(subjects, bounds, { executionsMax: 500_000, jobs: 1, reduction });
      const seconds = (performance.now() - started) / 1000;
      const schedules = results.reduce((sum, result) => sum + result.schedules, 0);
      const ends = results.reduce((sum, result) => sum + result.distinctEndStates, 0);
      found.push(JSON.stringify(results.map((result) => [result.endStates, result.violations.map((group) => group.kind)])));
      const note = `${schedules} schedules, ${ends} distinct end states, ${(cpuSecondsSoFar() - cpuBefore).toFixed(1)} s CPU`;
      console.log(
        speedLine({
          what: `${what}, ${reduction ? 'reduced' : 'naive'}`,
          value: seconds,
          unit: 's',
          note: reduction ? `${note}; ${target}` : note,
        }),
      );
    }
    console.log(`  the same violation kinds and end states both ways: ${found[0] === found[1] ? 'yes' : 'NO'}`);
  }
}
