import { CONCURRENCY_SWEEP } from './concurrency-sweep.js';
import { RETENTION_SWEEP } from './retention-sweep.js';
import type { MeasuredSweeps } from '../../../sim/results/sweeps-results.js';
import { runSweep, sweepTrialCount } from './sweep.js';

/** The sweeps `sim check --report` draws, in the order they run. */
export const SWEEPS = { retention: RETENTION_SWEEP, concurrency: CONCURRENCY_SWEEP } as const;

export type { MeasuredSweeps } from '../../../sim/results/sweeps-results.js';

export function sweepsTrialCount(trialsPerPoint: number): number {
  return Object.values(SWEEPS).reduce((sum, sweep) => sum + sweepTrialCount(sweep, trialsPerPoint), 0);
}

/** Runs both sweeps with one seed; every point is `trialsPerPoint` generated trials on in-memory stores. */
export async function runSweeps(options: { seed: number; trialsPerPoint: number; onTrial?: () => void }): Promise<MeasuredSweeps> {
  return {
    retention: await runSweep(SWEEPS.retention, options),
    concurrency: await runSweep(SWEEPS.concurrency, options),
  };
}
