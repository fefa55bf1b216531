import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { ExploreBounds } from './controlled-run.js';
import { exploreAll, type ExploreAllOptions } from './explore-all.js';
import type { ExploreResult } from '../results/explore-result.js';
import type { ProtocolSource } from './protocol-source.js';

export type { ExploreResult, ViolationGroup } from '../results/explore-result.js';
export type { ProtocolSource } from './protocol-source.js';

/**
 * Explores every crash schedule (up to crashDepth crashes, in the attempt or
 * in recovery) and every interleaving of the workers at the cuts, depth
 * first, by re-execution, split into subtrees by the first choices. A state
 * met again within a subtree after its continuations were all explored is
 * not explored twice (memoised on its fingerprint).
 *
 * The verdicts are the same however the subtrees are shared out: `shard`
 * keeps every n-th subtree, and `jobs` explore subtrees at the same time
 * (this process and worker processes); their verdicts are merged in the
 * subtrees' order, and under a bound on executions the run stops exactly
 * where one runner taking them in order would. Several protocols at once:
 * exploreAll, which this is with one.
 */
export async function explore(
  family: AnyFamily,
  protocol: FamilyProtocol,
  bounds: ExploreBounds,
  options: ExploreAllOptions & { source?: ProtocolSource },
): Promise<ExploreResult> {
  const { source, ...rest } = options;
  const [result] = await exploreAll([{ family, protocol, ...(source ? { source } : {}) }], bounds, rest);
  return result!;
}
