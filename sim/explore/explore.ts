import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';

import type { FamilyOutcome, RunWire } from '../engine/run-family.js';
import { letSignalsIn } from '../process/let-signals-in.js';
import { ChoiceLog } from './choices.js';
import { runControlled, type ExploreBounds } from './controlled-run.js';
import { exploreStores } from './explore-stores.js';

export interface ViolationGroup {
  kind: string;
  /** Complete executions that ended in this kind of violation. */
  count: number;
  /**
   * The cuts where the one crash of a single-crash violating schedule happened:
   * the table's view of this group. Counted over schedules run to the end; with
   * memoisation on, a schedule stopped at an explored state is not judged again.
   */
  singleCrashCuts: string[];
  /** The plainest violating schedule (fewest crashes, then reorderings, then choices): replay it with --schedule. */
  shortest: { schedule: string; choices: number; crashes: number; message: string; weight: [number, number, number] };
}

export interface ExploreResult {
  protocol: string;
  bounds: ExploreBounds;
  /** Executions run: complete ones plus those stopped at an already explored state. */
  schedules: number;
  complete: number;
  pruned: number;
  distinctEndStates: number;
  violations: ViolationGroup[];
  /** True when every schedule within the bounds was explored (false: the executions bound was hit). */
  exhaustive: boolean;
  timeMs: number;
}

function lighter(a: readonly number[], b: readonly number[]): boolean {
  const index = a.findIndex((value, i) => value !== b[i]);
  return index !== -1 && (a[index] ?? 0) < (b[index] ?? 0);
}

function endState(outcome: FamilyOutcome): string {
  return createHash('sha1').update(JSON.stringify(outcome.state)).digest('hex');
}

/**
 * Explores every crash schedule (up to crashDepth crashes, in the attempt or
 * in recovery) and every interleaving of the workers at the cuts, depth
 * first, by re-execution. A state met again after its continuations were all
 * explored is not explored twice (memoised on its fingerprint).
 */
export async function explore(
  family: AnyFamily,
  protocol: FamilyProtocol,
  bounds: ExploreBounds,
  options: {
    executionsMax: number;
    memoise?: boolean;
    onProgress?: (schedules: number) => void;
    /** A fresh wire per execution when receivers are reached over a real transport (--transport http). */
    openWire?: () => RunWire;
  },
): Promise<ExploreResult> {
  const started = performance.now();
  const workload = family.exploreWorkload(bounds.intentions);
  const explored = new Set<string>();
  const ends = new Set<string>();
  const groups = new Map<string, ViolationGroup>();
  let prefix: number[] = [];
  let schedules = 0;
  let pruned = 0;
  let exhaustive = false;

  const stores = exploreStores(family);
  try {
    while (schedules < options.executionsMax) {
      await letSignalsIn();
      const log = new ChoiceLog(prefix, options.memoise === false ? new Set() : explored);
      const folder = stores.folder(schedules);
      const execution = await runControlled({
        family,
        protocol,
        workload,
        bounds,
        log,
        folder,
        medium: stores.medium(),
        ...(options.openWire ? { wire: options.openWire() } : {}),
      });
      stores.discard(folder);
      schedules++;
      options.onProgress?.(schedules);
      if (execution.pruned || !execution.outcome) {
        pruned++;
      } else {
        ends.add(endState(execution.outcome));
        const violation = family.judge(workload, execution.outcome);
        if (violation) {
          const weight = log.weight();
          const candidate = { schedule: log.schedule(), choices: log.made.length, crashes: weight[0], message: violation.message, weight };
          const group = groups.get(violation.kind) ?? { kind: violation.kind, count: 0, singleCrashCuts: [], shortest: candidate };
          groups.set(violation.kind, group);
          group.count++;
          if (lighter(weight, group.shortest.weight)) group.shortest = candidate;
          const [crash, ...more] = execution.outcome.crashes;
          if (crash && more.length === 0 && !group.singleCrashCuts.includes(crash.cut)) group.singleCrashCuts.push(crash.cut);
        }
      }
      // Backtrack: every deepest choice whose alternatives are all taken is a fully explored state.
      const made = log.made;
      let position = made.length - 1;
      while (position >= 0 && (made[position]?.taken ?? 0) + 1 >= (made[position]?.options ?? 0)) {
        explored.add(made[position]!.fingerprint);
        position--;
      }
      if (position < 0) {
        exhaustive = true;
        break;
      }
      prefix = [...made.slice(0, position).map((choice) => choice.taken), made[position]!.taken + 1];
    }
  } finally {
    stores.close();
  }

  return {
    protocol: protocol.name,
    bounds,
    schedules,
    complete: schedules - pruned,
    pruned,
    distinctEndStates: ends.size,
    violations: [...groups.values()]
      .map((group) => ({ ...group, singleCrashCuts: [...group.singleCrashCuts].sort() }))
      .sort((a, b) => a.kind.localeCompare(b.kind)),
    exhaustive,
    timeMs: performance.now() - started,
  };
}
