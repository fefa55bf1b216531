import type { ExploreBounds } from './controlled-run.js';
import type { Shard } from './shard.js';
import type { ViolationGroup } from './verdicts.js';

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
