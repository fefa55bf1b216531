import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Intention, Protocol } from '../../protocols/types.js';
import { atMostOnce, firstViolation, noneLost, noneStuck, ranToEnd, type ViolationKind } from '../../scenarios/properties/checks.js';
import type { ReservationOutcome } from '../reservation/run-reservation.js';
import { ChoiceLog } from './choices.js';
import { runControlled, type ExploreBounds } from './controlled-run.js';

export interface ViolationGroup {
  kind: ViolationKind;
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

/** The explored workload: tenants alternate over a shared key space, so I = 2 is the same key under two tenants. */
export function exploreIntentions(count: number): Intention[] {
  return Array.from({ length: count }, (_, i) => ({
    tenant: i % 2 === 0 ? 'tenantA' : 'tenantB',
    key: `k${Math.floor(i / 2) + 1}`,
    params: { part: 'bolt', qty: 1 },
  }));
}

/** Safety (N <= 1, else duplicate) and, after faults stop and the outbox drains, liveness (N = 1, else lost; nothing pending, else stuck). */
export function judge(intentions: readonly Intention[], outcome: ReservationOutcome) {
  const trial = { intentions };
  return firstViolation(
    () => ranToEnd(outcome),
    () => atMostOnce(trial, outcome),
    () => noneLost(trial, outcome),
    () => noneStuck(trial, outcome),
  );
}

function lighter(a: readonly number[], b: readonly number[]): boolean {
  const index = a.findIndex((value, i) => value !== b[i]);
  return index !== -1 && (a[index] ?? 0) < (b[index] ?? 0);
}

function endState(outcome: ReservationOutcome): string {
  return createHash('sha1')
    .update(JSON.stringify([outcome.localState, outcome.reservations]))
    .digest('hex');
}

/**
 * Explores every crash schedule (up to crashDepth crashes, in the attempt or
 * in recovery) and every interleaving of the workers at the cuts, depth
 * first, by re-execution. A state met again after its continuations were all
 * explored is not explored twice (memoised on its fingerprint).
 */
export async function explore(
  protocol: Protocol,
  bounds: ExploreBounds,
  options: { executionsMax: number; memoise?: boolean; onProgress?: (schedules: number) => void },
): Promise<ExploreResult> {
  const started = performance.now();
  const intentions = exploreIntentions(bounds.intentions);
  const explored = new Set<string>();
  const ends = new Set<string>();
  const groups = new Map<ViolationKind, ViolationGroup>();
  let prefix: number[] = [];
  let schedules = 0;
  let pruned = 0;
  let exhaustive = false;

  while (schedules < options.executionsMax) {
    const log = new ChoiceLog(prefix, options.memoise === false ? new Set() : explored);
    const execution = await runControlled({ protocol, intentions, bounds, log, folder: `explore/${schedules}` });
    schedules++;
    options.onProgress?.(schedules);
    if (execution.pruned || !execution.outcome) {
      pruned++;
    } else {
      ends.add(endState(execution.outcome));
      const violation = judge(intentions, execution.outcome);
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
