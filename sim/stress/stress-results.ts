import type { StressTuning } from './stress-trial.js';
import type { ProtocolStress } from './stress-run.js';

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
  protocols: ProtocolStress[];
  /** pass: every protocol expected to hold held and no worker life failed; fail otherwise. */
  verdict: 'pass' | 'fail';
  timingsMs: { total: number };
}
