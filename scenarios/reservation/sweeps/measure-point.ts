import type { PointCounts } from '../../../sim/results/sweeps-results.js';
import fc from 'fast-check';
import { MemoryMedium } from '../../../sim/engine/connections.js';
import { runTrial, type Trial } from '../properties/trial.js';

/** What one point of a sweep measured, over its K generated trials. Plain data, as sweeps.json keeps it. */
export type { PointCounts } from '../../../sim/results/sweeps-results.js';

export interface PointOptions {
  /** fast-check seed for the generated trials and the scheduler's interleavings. */
  seed: number;
  trials: number;
  /** Called after each trial, for progress display. */
  onTrial?: () => void;
}

/** Duplicates per 1,000 intentions: the sweeps' y axis. */
export function duplicatesPer1000(counts: Pick<PointCounts, 'duplicates' | 'intentions'>): number {
  return counts.intentions === 0 ? 0 : (1000 * counts.duplicates) / counts.intentions;
}

/**
 * Runs `trials` generated trials of `arbitrary` (each on private in-memory
 * stores, interleaved by fast-check's scheduler) and counts their effects.
 * fast-check drives the generation only: nothing is asserted, so it never
 * shrinks, and every trial of the point runs exactly once.
 */
export async function measurePoint(arbitrary: fc.Arbitrary<Trial>, options: PointOptions): Promise<PointCounts> {
  const counts: PointCounts = { trials: 0, intentions: 0, duplicates: 0, lost: 0, unfinished: 0 };
  const property = fc.asyncProperty(arbitrary, fc.scheduler(), async (trial, scheduler) => {
    const outcome = await runTrial(trial, { folder: `point-trial-${counts.trials}`, medium: new MemoryMedium(), scheduler });
    counts.trials++;
    if (outcome.end.kind !== 'completed') counts.unfinished++;
    for (const n of Object.values(outcome.effects)) {
      counts.intentions++;
      counts.duplicates += Math.max(0, n - 1);
      if (n === 0) counts.lost++;
    }
    options.onTrial?.();
    return true;
  });
  const details = await fc.check(property, { numRuns: options.trials, seed: options.seed });
  if (details.failed) {
    // The property only returns true, so a failure is a throw from the harness: a bug, not a measurement.
    const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`a sweep trial threw (seed ${options.seed}, path ${details.counterexamplePath}): ${reason}`);
  }
  return counts;
}
