import { combinedVerdict, type Verdict } from '../engine/verdict.js';
import type { Shard } from './shard.js';

/*
 * What `sim explore` found of one protocol: the explorer (sim/explore) makes
 * it; its summary, results.json and the library read it.
 */

export interface ExploreBounds {
  workers: number;
  intentions: number;
  /** Crashes per execution, at any cut of any worker, in the first attempt or during recovery. */
  crashDepth: number;
  retentionMs: number | null;
  /** Crash and interleave at the named cuts only, or at every boundary (each commit too), as `--cuts all` finds them. */
  cuts: 'named' | 'all';
}

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
  /** `npx sim explore ... --schedule S`, replaying `shortest`: set in what `sim explore` and the library's explore return. */
  replay?: string;
}

export interface ExploreResult {
  protocol: string;
  bounds: ExploreBounds;
  /** Executions run: complete ones plus those stopped at an already explored state. */
  schedules: number;
  complete: number;
  pruned: number;
  distinctEndStates: number;
  /** The distinct end states' hashes, sorted: shards' sets unite to the whole run's. */
  endStates: string[];
  violations: ViolationGroup[];
  /**
   * How the search was reduced: `on` explored one order of independent steps
   * and left out `skipped` alternatives at its choices (each would have cost
   * the naive search one execution at least); `off` ran every interleaving.
   */
  reduction: { on: boolean; skipped: number };
  /** True when every schedule within the bounds (of this shard) was explored (false: the executions bound was hit). */
  exhaustive: boolean;
  /** The subtrees (by first choices) the executions were split into, how many this run explored, and how many of those a worker process did. */
  subtrees: { total: number; explored: number; inWorkers: number };
  /** Present when only one shard of the subtrees was explored. */
  shard?: Shard;
  timeMs: number;
}

/**
 * An exploration's verdict: a violation found fails it; otherwise a bound that
 * stopped it before every schedule ran leaves it unknown, since what was not
 * explored was not judged; every schedule explored without one passes.
 */
export function exploreVerdict(results: readonly Pick<ExploreResult, 'violations' | 'exhaustive'>[]): Verdict {
  return combinedVerdict(
    results.map((result): Verdict => (result.violations.length > 0 ? 'fail' : result.exhaustive ? 'pass' : 'unknown')),
  );
}
