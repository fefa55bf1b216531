import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { ChoiceLog } from './choices.js';
import { runControlled, type Execution, type ExploreBounds } from './controlled-run.js';

/** What is explored: one protocol of a family within bounds, and whether explored states are remembered. */
export interface ExploreTarget {
  family: AnyFamily;
  protocol: FamilyProtocol;
  bounds: ExploreBounds;
  /** Default true: a state whose continuations were all explored stops an execution that reaches it again. */
  memoise?: boolean;
}

/** One execution of the target following `prefix` (then first alternatives), on fresh in-memory stores. */
export function executeSchedule(
  target: ExploreTarget,
  prefix: readonly number[],
  explored: ReadonlySet<string>,
  known: readonly string[],
  folder: string,
): Promise<Execution> {
  const workload = target.family.exploreWorkload(target.bounds.intentions);
  const log = new ChoiceLog(prefix, explored, known);
  return runControlled({ family: target.family, protocol: target.protocol, workload, bounds: target.bounds, log, folder });
}
