import type { StressTuning } from './stress-trial.js';
import type { ProtocolStress } from './stress-run.js';
import type { StressVerdict } from './stress-verdict.js';

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
  protocols: (ProtocolStress & { verdict: StressVerdict })[];
  /** pass: every protocol passed (see StressVerdict); error: some trial could not be judged (cutpoint's time limit); fail otherwise. */
  verdict: 'pass' | 'fail' | 'error';
  timingsMs: { total: number };
}
