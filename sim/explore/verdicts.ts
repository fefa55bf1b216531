import type { FamilyOutcome } from '../engine/run-family.js';
import type { Violation } from '../engine/verdict.js';
import { createHash } from 'node:crypto';
import type { ChoiceLog } from './choices.js';
import { byCodePoint } from '../engine/code-point-order.js';
import { canonical } from './symmetry.js';
import type { ViolationGroup } from '../results/explore-result.js';

export type { ViolationGroup } from '../results/explore-result.js';

/**
 * What some executions found, in a form that adds up: a subtree's, a shard's
 * or a whole exploration's verdicts, merged by `mergeVerdicts` in any grouping
 * to the same result.
 */
export interface Verdicts {
  /** Executions run: complete ones plus those stopped at an already explored state. */
  schedules: number;
  pruned: number;
  /** The distinct end states (hashes of the stores' contents after the quiet life), sorted. */
  endStates: string[];
  /** By kind, sorted by kind. */
  violations: ViolationGroup[];
  /** Every schedule of these parts was explored (none stopped by the bound on executions). */
  exhaustive: boolean;
  /** Alternatives a reduced search left out at its choices (0 for the naive search). */
  skipped: number;
}

function compareSchedules(a: string, b: string): number {
  const x = a === '' ? [] : a.split('.').map(Number);
  const y = b === '' ? [] : b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The plainer of two violating schedules: fewer crashes, then reorderings,
 * then choices; between equals, the one depth-first search meets first (the
 * smaller schedule read as a sequence of alternatives), so that which one is
 * shown does not depend on how the search was split.
 */
export function plainer(a: ViolationGroup['shortest'], b: ViolationGroup['shortest']): ViolationGroup['shortest'] {
  const index = a.weight.findIndex((value, i) => value !== b.weight[i]);
  if (index !== -1) return a.weight[index]! < b.weight[index]! ? a : b;
  return compareSchedules(a.schedule, b.schedule) <= 0 ? a : b;
}

/** An end state's hash; end states equal up to a renaming of the interchangeable workers hash alike, reduced search or naive. */
export function endStateHash(outcome: FamilyOutcome, interchangeable: readonly string[] = []): string {
  const state = JSON.stringify(outcome.state);
  return createHash('sha1')
    .update(canonical(interchangeable, (renaming) => renaming.text(state)).text)
    .digest('hex');
}

/** Adds one judged execution's violation to the groups of its part. */
export function recordViolation(groups: Map<string, ViolationGroup>, violation: Violation, log: ChoiceLog, outcome: FamilyOutcome): void {
  const weight = log.weight();
  const candidate = { schedule: log.schedule(), choices: log.made.length, crashes: weight[0], message: violation.message, weight };
  const group = groups.get(violation.kind) ?? { kind: violation.kind, count: 0, singleCrashCuts: [], shortest: candidate };
  groups.set(violation.kind, group);
  group.count++;
  group.shortest = plainer(group.shortest, candidate);
  const [crash, ...more] = outcome.crashes;
  if (crash && more.length === 0 && !group.singleCrashCuts.includes(crash.cut)) group.singleCrashCuts.push(crash.cut);
}

/** The union of parts' verdicts: counts add up, end states and cuts are united, the plainest schedule of each kind wins. */
export function mergeVerdicts(parts: readonly Verdicts[]): Verdicts {
  const groups = new Map<string, ViolationGroup>();
  const ends = new Set<string>();
  for (const part of parts) {
    for (const end of part.endStates) ends.add(end);
    for (const group of part.violations) {
      const known = groups.get(group.kind);
      groups.set(
        group.kind,
        known
          ? {
              kind: group.kind,
              count: known.count + group.count,
              singleCrashCuts: [...new Set([...known.singleCrashCuts, ...group.singleCrashCuts])],
              shortest: plainer(known.shortest, group.shortest),
            }
          : { ...group },
      );
    }
  }
  return {
    schedules: parts.reduce((sum, part) => sum + part.schedules, 0),
    pruned: parts.reduce((sum, part) => sum + part.pruned, 0),
    endStates: [...ends].sort(),
    violations: [...groups.values()]
      .map((group) => ({ ...group, singleCrashCuts: [...group.singleCrashCuts].sort() }))
      .sort((a, b) => byCodePoint(a.kind, b.kind)),
    exhaustive: parts.every((part) => part.exhaustive),
    skipped: parts.reduce((sum, part) => sum + part.skipped, 0),
  };
}
