import type { StressTuning } from './stress-trial.js';
import type { ProtocolStress } from './stress-run.js';
import type { StressOutcome } from './stress-verdict.js';
import type { Verdict } from '../engine/verdict.js';

/** results.json of a `sim stress` run. */
export interface StressResults {
  kind: 'stress';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  seed: number;
  trials: number;
  jobs: number;
  tuning: StressTuning;
  /** Each protocol's outcome, under the name `verdict` (see StressOutcome). */
  protocols: (ProtocolStress & { verdict: StressOutcome })[];
  /** The protocols' outcomes combined (stressRunVerdict): pass only when every protocol passed. */
  verdict: Verdict;
  timingsMs: { total: number };
}
