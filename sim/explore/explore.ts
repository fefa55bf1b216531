import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { RunWire } from '../engine/run-family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { mapWorkers, type Slot } from '../process/pool.js';
import type { ExploreBounds } from './controlled-run.js';
import { shardItems, type Shard } from './shard.js';
import { splitSubtrees, SUBTREES_MIN } from './split.js';
import { startSubtreePool, type SubtreePool } from './subtree-pool.js';
import { exploreSubtree, type SubtreeVerdicts } from './subtree.js';
import { closeExploreStores, type ExploreTarget } from './target.js';
import { mergeVerdicts, type ViolationGroup } from './verdicts.js';

export type { ViolationGroup } from './verdicts.js';

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
  /** True when every schedule within the bounds (of this shard) was explored (false: the executions bound was hit). */
  exhaustive: boolean;
  /** The subtrees (by first choices) the executions were split into, how many this run explored, and how many of those a worker process did. */
  subtrees: { total: number; explored: number; inWorkers: number };
  /** Present when only one shard of the subtrees was explored. */
  shard?: Shard;
  timeMs: number;
}

/** How a worker process finds the protocol again: by names, and the user's module it came from. */
export interface ProtocolSource {
  family: string;
  protocol: string;
  protocolFile?: string;
}

/** Explores one subtree within a budget of executions: in this process, or in a worker process of a pool (which says when it has loaded). */
export type SubtreeRunner = ((key: readonly number[], executionsMax: number) => Promise<SubtreeVerdicts>) & Slot;

/**
 * Explores every crash schedule (up to crashDepth crashes, in the attempt or
 * in recovery) and every interleaving of the workers at the cuts, depth
 * first, by re-execution, split into subtrees by the first choices. A state
 * met again within a subtree after its continuations were all explored is
 * not explored twice (memoised on its fingerprint).
 *
 * The verdicts are the same however the subtrees are shared out: `shard`
 * keeps every n-th subtree, and `runners` (one per slot of a pool) explore
 * subtrees at the same time; their verdicts are merged in the subtrees'
 * order, and under a bound on executions the run stops exactly where one
 * runner taking them in order would.
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
    shard?: Shard;
    /** Subtrees explored at a time (default 1): this process and jobs - 1 worker processes, which load the protocol by `source`. */
    jobs?: number;
    source?: ProtocolSource;
  },
): Promise<ExploreResult> {
  const started = performance.now();
  const target: ExploreTarget = {
    family,
    protocol,
    bounds,
    memoise: options.memoise ?? true,
    ...(options.openWire ? { openWire: options.openWire } : {}),
  };
  let executions = 0;
  const counted = () => options.onProgress?.(++executions);
  const here: SubtreeRunner = (key, executionsMax) => exploreSubtree(target, key, executionsMax, counted);
  const all = await splitSubtrees(target);
  const keys = shardItems(all, options.shard);
  // A tree too small to split in full was mostly explored by the split itself: starting processes would cost more than it saves.
  // The wire is this process's server, and real folders are this process's scratch: such explorations stay in this process.
  const hereOnly = options.openWire !== undefined || family.needsRealFolder === true;
  const processes = keys.length >= SUBTREES_MIN && !hereOnly ? Math.min((options.jobs ?? 1) - 1, keys.length - 1) : 0;
  if (processes > 0 && !options.source) throw new Error('explore: jobs > 1 needs the protocol source for its worker processes');
  const pool: SubtreePool | undefined =
    processes > 0 ? startSubtreePool({ ...options.source!, bounds, memoise: target.memoise ?? true }, processes, counted) : undefined;
  try {
    let inWorkers = 0;
    const inWorker = (pool?.runners ?? []).map((runner): SubtreeRunner =>
      Object.assign(
        async (key: readonly number[], executionsMax: number) => {
          const part = await runner(key, executionsMax);
          inWorkers++;
          return part;
        },
        { ready: runner.ready },
      ),
    );
    // This process first: it takes the first subtree (the biggest, as a rule: no crash yet in its first choices) at once,
    // and the next ones while the workers still load; a worker takes subtrees once it has loaded.
    const parts = await exploreInOrder(keys, [here, ...inWorker], here, options.executionsMax);
    const merged = mergeVerdicts(parts);
    return {
      protocol: protocol.name,
      bounds,
      schedules: merged.schedules,
      complete: merged.schedules - merged.pruned,
      pruned: merged.pruned,
      distinctEndStates: merged.endStates.length,
      endStates: merged.endStates,
      violations: merged.violations,
      exhaustive: merged.exhaustive && parts.length === keys.length,
      subtrees: { total: all.length, explored: parts.length, inWorkers },
      ...(options.shard ? { shard: options.shard } : {}),
      timeMs: performance.now() - started,
    };
  } finally {
    await pool?.close();
    closeExploreStores();
  }
}

/**
 * The subtrees' verdicts in the keys' order, within a budget of executions
 * spent in that order. One runner takes them in turn with what is left of the
 * budget. Several take whole subtrees at once; one that used more than was
 * left after those before it is explored again by `here`, cut off where a
 * single runner would have stopped.
 */
async function exploreInOrder(
  keys: readonly number[][],
  runners: readonly SubtreeRunner[],
  here: SubtreeRunner,
  executionsMax: number,
): Promise<SubtreeVerdicts[]> {
  const parts: SubtreeVerdicts[] = [];
  let budget = executionsMax;
  if (runners.length === 1) {
    for (const key of keys) {
      if (budget === 0) break;
      const part = await here(key, budget);
      parts.push(part);
      budget -= part.schedules;
    }
    return parts;
  }
  const found = await mapWorkers(keys, runners, (runner, key) => runner(key, executionsMax));
  for (const [position, part] of found.entries()) {
    if (budget === 0) break;
    const kept = part.schedules > budget ? await here(keys[position]!, budget) : part;
    parts.push(kept);
    budget -= kept.schedules;
  }
  return parts;
}
