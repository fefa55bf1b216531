import type { PropertyDefinition as SuiteProperty } from '../../../sim/check/suite.js';
import type { TrialBounds } from './arbitraries.js';
import type { ReservationFault } from './fault-tally.js';
import type { Trial } from './trial.js';

/**
 * A named reservation property. `hold`: every generated run must satisfy
 * `check`. `find`: a negative control on a known-flawed protocol; fast-check
 * must find a counterexample, or the harness is blind to that bug.
 */
export type PropertyDefinition = SuiteProperty<Trial, TrialBounds, ReservationFault>;
