import { explore as exploreSchedules, type ExploreResult } from '../explore/explore.js';
import type { ExploreBounds } from '../explore/controlled-run.js';
import { resolveProtocol, type FamilyRef, type ProtocolRef } from './protocol-ref.js';

export interface ExploreOptions {
  protocol: ProtocolRef;
  family?: FamilyRef;
  /** Concurrent workers (default 1). */
  workers?: number;
  /** Intentions in the workload (default 1). */
  intentions?: number;
  /** Crashes per execution (default 1). */
  crashDepth?: number;
  /** Receipt retention in virtual ms (default: kept for ever). */
  retentionMs?: number | null;
  /** Crash and interleave at the named cuts (default) or at every commit too. */
  cuts?: 'named' | 'all';
  /** Stop after this many executions (default 200,000, as `sim explore`); `exhaustive` says whether every schedule was seen. */
  executionsMax?: number;
}

/**
 * Explores every crash schedule and interleaving within the bounds, as `sim
 * explore` does, and returns its result: violations grouped by kind, each
 * with its shortest schedule (`npx sim explore ... --schedule S` replays it).
 */
export async function explore(options: ExploreOptions): Promise<ExploreResult> {
  const { family, protocol } = await resolveProtocol(options.protocol, options.family);
  const bounds: ExploreBounds = {
    workers: options.workers ?? 1,
    intentions: options.intentions ?? 1,
    crashDepth: options.crashDepth ?? 1,
    retentionMs: options.retentionMs ?? null,
    cuts: options.cuts ?? 'named',
  };
  return exploreSchedules(family, protocol, bounds, { executionsMax: options.executionsMax ?? 200_000 });
}
