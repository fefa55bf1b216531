import type fc from 'fast-check';
import type { FamilyOutcome as ReservationOutcome } from '../../../sim/engine/run-family.js';
import type { TrialBounds } from './arbitraries.js';
import type { Violation } from '../../../sim/reservation/checks.js';
import type { FaultTally } from './fault-tally.js';
import type { Trial } from './trial.js';

/**
 * A named property. `hold`: every generated run must satisfy `check`.
 * `find`: a negative control on a known-flawed protocol; fast-check must find
 * a counterexample, or the harness is blind to that bug.
 */
export interface PropertyDefinition {
  name: string;
  title: string;
  expect: 'hold' | 'find';
  /** The protocol it checks by default. A `hold` property checks any protocol given instead (`--protocol`). */
  protocol: string;
  trials(bounds: TrialBounds, protocol: string): fc.Arbitrary<Trial>;
  check(trial: Trial, outcome: ReservationOutcome): Violation | undefined;
  /** The faults this property must see fire across its runs, or its passing proves nothing. */
  mustFire: readonly (keyof Omit<FaultTally, 'runs'>)[];
}
