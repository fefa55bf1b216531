import { withTypeErrors } from './type-errors.js';
import { exploreBounds, exploreProtocols } from '../app/explore.js';
import { exploreReplayLine } from '../explore/replay-line.js';
import type { ExploreResult } from '../explore/explore.js';
import { resolveProtocol, type FamilyRef, type ProtocolRef } from './protocol-ref.js';
import { checkChoice, checkWhole } from './validate.js';
import { DEFAULT_FAMILY } from '../families/index.js';
import {
  EXECUTIONS_BOUND_MAX,
  EXPLORE_CRASH_DEPTH_MAX,
  EXPLORE_INTENTIONS_MAX,
  EXPLORE_WORKERS_MAX,
  JOBS_MAX,
  RETENTION_MS_MAX,
} from '../engine/limits.js';

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
  /** Default true: one order of independent steps is explored (partial-order reduction); false runs every interleaving, as `--no-reduction`. */
  reduction?: boolean;
}

export interface ExploreAllOptions extends Omit<ExploreOptions, 'protocol'> {
  /** The protocols, each explored within the same bounds; their results come in this order. */
  protocols: ProtocolRef[];
  /** Subtrees explored at a time (default 1): this process and jobs - 1 worker processes, as `sim explore --jobs`. */
  jobs?: number;
}

/**
 * Explores every crash schedule and interleaving within the bounds, as `sim
 * explore` does, and returns its result: violations grouped by kind, each
 * with its shortest schedule (`npx sim explore ... --schedule S` replays it).
 */
export async function explore(options: ExploreOptions): Promise<ExploreResult> {
  const { protocol, ...rest } = options;
  const [result] = await exploreAll({ ...rest, protocols: [protocol] });
  return result!;
}

/**
 * Explores several protocols within the same bounds on one pool, as `sim
 * explore -p A -p B --jobs N` does: each protocol's result is what `explore`
 * gives for it alone, whatever `jobs` is.
 */
export function exploreAll(options: ExploreAllOptions): Promise<ExploreResult[]> {
  return withTypeErrors(() => exploreAllUnchecked(options));
}

async function exploreAllUnchecked(options: ExploreAllOptions): Promise<ExploreResult[]> {
  // The bounds `sim explore` takes (sim/cli/explore-command.ts).
  checkWhole('explore', 'workers', options.workers, 1, EXPLORE_WORKERS_MAX);
  checkWhole('explore', 'intentions', options.intentions, 1, EXPLORE_INTENTIONS_MAX);
  checkWhole('explore', 'crashDepth', options.crashDepth, 0, EXPLORE_CRASH_DEPTH_MAX);
  if (options.retentionMs !== null) checkWhole('explore', 'retentionMs (or null: kept for ever)', options.retentionMs, 1, RETENTION_MS_MAX);
  checkChoice('explore', 'cuts', options.cuts, ['named', 'all']);
  checkWhole('explore', 'executionsMax', options.executionsMax, 1, EXECUTIONS_BOUND_MAX);
  checkWhole('exploreAll', 'jobs', options.jobs, 1, JOBS_MAX);
  if (options.reduction !== undefined && typeof options.reduction !== 'boolean')
    throw new TypeError(`explore: reduction must be true or false, got ${JSON.stringify(options.reduction)}`);
  if (options.protocols.length === 0) throw new TypeError('exploreAll: give at least one protocol');
  const targets = [];
  const shownAs = new Map<string, { family: string; protocol: string }>();
  for (const ref of options.protocols) {
    const { family, protocol, file, shownAs: named } = await resolveProtocol(ref, options.family);
    targets.push({ family, protocol, file });
    shownAs.set(protocol.name, { family: family.name, protocol: named });
  }
  const bounds = exploreBounds(options);
  // Each violation's replay line, as `sim explore` prints it: a protocol of the default family is found without --family.
  return exploreProtocols(
    targets,
    bounds,
    { executionsMax: options.executionsMax, jobs: options.jobs ?? 1, reduction: options.reduction ?? true },
    (name, schedule) => {
      const { family, protocol } = shownAs.get(name)!;
      return exploreReplayLine({ family: family === DEFAULT_FAMILY ? undefined : family, protocol, bounds, schedule });
    },
  );
}
