import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { ExploreBounds } from '../explore/controlled-run.js';
import { exploreAll, type ExploreAllOptions } from '../explore/explore-all.js';
import type { ExploreResult } from '../explore/explore.js';

/**
 * The bounds an exploration takes when they are left out, for `sim explore`
 * and the library's `explore` alike: one worker, one intention, one crash,
 * receipts kept for ever, the named cuts, and a stop after 200,000 executions.
 */
export const EXPLORE_DEFAULTS = {
  workers: 1,
  intentions: 1,
  crashDepth: 1,
  retentionMs: null,
  cuts: 'named',
  executionsMax: 200_000,
} as const;

/** The bounds as given; a bound left out takes its default. */
export interface ExploreBoundsInput {
  workers?: number | undefined;
  intentions?: number | undefined;
  crashDepth?: number | undefined;
  retentionMs?: number | null | undefined;
  cuts?: 'named' | 'all' | undefined;
}

export function exploreBounds(input: ExploreBoundsInput): ExploreBounds {
  return {
    workers: input.workers ?? EXPLORE_DEFAULTS.workers,
    intentions: input.intentions ?? EXPLORE_DEFAULTS.intentions,
    crashDepth: input.crashDepth ?? EXPLORE_DEFAULTS.crashDepth,
    retentionMs: input.retentionMs ?? EXPLORE_DEFAULTS.retentionMs,
    cuts: input.cuts ?? EXPLORE_DEFAULTS.cuts,
  };
}

/** One protocol to explore, as resolved, with the module it came from (worker processes load it again from there). */
export interface ExploreTarget {
  family: AnyFamily;
  protocol: FamilyProtocol;
  /** Absolute path of a user's module; undefined for a built-in. */
  file?: string | undefined;
}

/**
 * Explores each protocol within the bounds, on one pool, and gives every
 * violation group the line that replays its shortest schedule (`replay`
 * writes it in the words of the face that asked).
 */
export async function exploreProtocols(
  targets: readonly ExploreTarget[],
  bounds: ExploreBounds,
  options: Omit<ExploreAllOptions, 'executionsMax'> & { executionsMax?: number | undefined },
  replay: (protocol: string, schedule: string) => string,
): Promise<ExploreResult[]> {
  const subjects = targets.map(({ family, protocol, file }) => ({
    family,
    protocol,
    source: { family: family.name, protocol: protocol.name, ...(file ? { protocolFile: file } : {}) },
  }));
  const results = await exploreAll(subjects, bounds, { ...options, executionsMax: options.executionsMax ?? EXPLORE_DEFAULTS.executionsMax });
  return results.map((result) => ({
    ...result,
    violations: result.violations.map((group) => ({ ...group, replay: replay(result.protocol, group.shortest.schedule) })),
  }));
}
