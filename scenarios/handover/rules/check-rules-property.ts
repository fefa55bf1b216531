import fc from 'fast-check';
import type { RulesViolation } from './rule-checks.js';

export interface RulesPropertyResult<T> {
  outcome: 'held' | 'found';
  runs: number;
  /** The shrunk counterexample and what it violates, when one was found. */
  counterexample?: T;
  violation?: string;
  /** How to get exactly this counterexample again. */
  replay?: string;
}

export interface RulesCheckOptions {
  seed: number;
  runs: number;
  /** With the seed, the path of a found counterexample replays it without searching. */
  path?: string;
}

/** One property of the rules under fast-check: the check's violation is the failure, shrunk, with a replay line. */
export function checkRulesProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => RulesViolation,
  options: RulesCheckOptions,
): RulesPropertyResult<T> {
  const details = fc.check(
    fc.property(arbitrary, (value) => check(value) === undefined),
    { seed: options.seed, numRuns: options.runs, ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }) },
  );
  if (!details.failed || details.counterexample === null) return { outcome: 'held', runs: details.numRuns };
  const [counterexample] = details.counterexample;
  return {
    outcome: 'found',
    runs: details.numRuns,
    counterexample,
    violation: check(counterexample),
    replay: `${name}: replay with { seed: ${details.seed}, path: '${details.counterexamplePath}' }`,
  };
}
