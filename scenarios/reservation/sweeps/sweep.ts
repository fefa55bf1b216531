import type fc from 'fast-check';
import type { Trial } from '../properties/trial.js';
import { duplicatesPer1000, measurePoint } from './measure-point.js';
import type { SweepPoint, SweepResult } from '../../../sim/results/sweeps-results.js';

export type { SweepPoint, SweepResult } from '../../../sim/results/sweeps-results.js';

/** One line of a sweep: a protocol or a warehouse variant, and how its trials are drawn at each x. */
export interface SweepSeriesDefinition {
  name: string;
  trials(x: number): fc.Arbitrary<Trial>;
}

/** A sweep: one parameter pinned to each x in turn, the same series measured at every x. */
export interface SweepDefinition {
  name: string;
  title: string;
  /** What x is, for the axis: e.g. `receipt retention ÷ retry delay`. */
  xLabel: string;
  xs: readonly number[];
  series: readonly SweepSeriesDefinition[];
  /** What every trial of the sweep has in common, in one sentence for the chart and the table. */
  fixed: string;
}

export interface SweepRunOptions {
  /** The seed of every point: each point runs the same generated trials, with its own x pinned. */
  seed: number;
  trialsPerPoint: number;
  onTrial?: () => void;
}

/** Measures every series at every x, in order, and returns the points as values. */
export async function runSweep(definition: SweepDefinition, options: SweepRunOptions): Promise<SweepResult> {
  const series: SweepResult['series'] = [];
  for (const line of definition.series) {
    const points: SweepPoint[] = [];
    for (const x of definition.xs) {
      const counts = await measurePoint(line.trials(x), {
        seed: options.seed,
        trials: options.trialsPerPoint,
        ...(options.onTrial ? { onTrial: options.onTrial } : {}),
      });
      points.push({ x, ...counts, duplicatesPer1000: duplicatesPer1000(counts) });
    }
    series.push({ name: line.name, points });
  }
  return { name: definition.name, title: definition.title, xLabel: definition.xLabel, fixed: definition.fixed, series };
}

/** Trials a sweep runs in all, for progress display. */
export function sweepTrialCount(definition: SweepDefinition, trialsPerPoint: number): number {
  return definition.series.length * definition.xs.length * trialsPerPoint;
}
