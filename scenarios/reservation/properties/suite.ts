import type { PropertySuite } from '../../../sim/check/suite.js';
import { trialSize, trialText } from './trial-text.js';
import { DEFAULT_BOUNDS, type TrialBounds } from './arbitraries.js';
import { PROPERTY_DEFINITIONS } from './definitions.js';
import { emptyTally, tallyRun } from './fault-tally.js';
import { runTrial, type Trial } from './trial.js';

/** The reservation family's properties for the generic runner (sim/check). */
export const RESERVATION_SUITE: PropertySuite<Trial, TrialBounds> = {
  family: 'reservation',
  properties: PROPERTY_DEFINITIONS,
  defaultBounds: DEFAULT_BOUNDS,
  withWorkers: (bounds, workers) => ({ ...bounds, workersMax: workers }),
  workersOf: (bounds) => bounds.workersMax,
  scheduled: true,
  stores: ['file', 'memory'],
  run: (trial, options) => runTrial(trial, options),
  faultKinds: [
    { kind: 'crashes', words: 'crashes' },
    { kind: 'crashesInRecovery', words: 'in recovery' },
    { kind: 'droppedReplies', words: 'lost replies' },
    { kind: 'unavailableCalls', words: 'unavailable calls' },
    { kind: 'concurrentSends', words: 'lease take-overs' },
    { kind: 'replays', words: 'replays' },
    { kind: 'rejections', words: 'rejections' },
    { kind: 'staleRefusals', words: 'stale refusals' },
    { kind: 'definitiveRefusals', words: 'definitive refusals' },
    { kind: 'transientRefusals', words: 'transient refusals' },
    { kind: 'outOfOrderRefusals', words: 'out-of-order refusals' },
    { kind: 'partialReplies', words: 'partial replies' },
  ],
  tally: (_trial, outcome) => {
    const tally = emptyTally();
    tallyRun(tally, outcome.history.all());
    const { runs: _runs, ...fired } = tally;
    return fired;
  },
  trialText,
  trialSize,
  protocolOf: (trial) => trial.protocol,
};
