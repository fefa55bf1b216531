import { faultKindsOf } from '../../../sim/check/fault-words.js';
import type { PropertySuite } from '../../../sim/check/suite.js';
import { trialSize, trialText } from './trial-text.js';
import { DEFAULT_BOUNDS, type TrialBounds } from './arbitraries.js';
import { PROPERTY_DEFINITIONS } from './definitions.js';
import { RESERVATION_FAULTS, tallyRun } from './fault-tally.js';
import { runTrial, type Trial } from './trial.js';

/** The reservation family's properties for the generic runner (sim/check). */
export const RESERVATION_SUITE: PropertySuite<Trial, TrialBounds> = {
  family: 'reservation',
  properties: PROPERTY_DEFINITIONS,
  defaultBounds: DEFAULT_BOUNDS,
  withWorkers: (bounds, workers) => ({ ...bounds, workersMax: workers }),
  workersOf: (bounds) => bounds.workersMax,
  scheduled: true,
  // Memory first: a trial's lives run in this process on one connection per store, which a serialized image serves as
  // faithfully as a file (same verdicts, same fault counts) at twice the runs a second; kept counterexamples replay into files.
  stores: ['memory', 'file'],
  run: (trial, options) => runTrial(trial, options),
  faultKinds: faultKindsOf(RESERVATION_FAULTS),
  tally: (_trial, outcome) => tallyRun(outcome.history.all()),
  trialText,
  trialSize,
  protocolOf: (trial) => trial.protocol,
  // Its asynchronous warehouse neither rejects a reused key, nor refuses, nor closes a window:
  // the other properties ask for what it cannot answer.
  alsoHold: [{ protocol: 'async-accept-reconciled', properties: ['dedup-safety', 'dedup-liveness'] }],
};
