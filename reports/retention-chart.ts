import type { SweepsResults } from '../sim/results/sweeps-results.js';
import { sweepChartConfig, type SweepChartConfig } from './sweep-chart.js';

/** Magenta for receipts that can expire under a resend, blue for the window that refuses it instead (Paul Tol's "vibrant"). */
export const RETENTION_COLORS: Readonly<Record<string, string>> = {
  'without closed window': '#EE3377',
  'with closed window': '#0077BB',
};

/**
 * Duplicates against receipt retention as a multiple of the retry delay, for
 * outbox-dedup with and without the closed window. A dashed line marks
 * retention = retry delay: below it a single resend finds its receipt gone.
 * The x axis runs from 0 to the largest ratio measured.
 */
export function retentionChartConfig(results: SweepsResults): SweepChartConfig {
  const sweep = results.retention;
  const ratios = sweep.series.flatMap((series) => series.points.map((point) => point.x));
  return sweepChartConfig({
    sweep,
    results,
    colors: RETENTION_COLORS,
    x: { min: 0, max: Math.max(1, ...ratios), stepSize: 1, title: sweep.xLabel },
    verticalLines: [{ value: 1, label: 'retention = retry delay', color: '#222222' }],
    note: 'Below 1, any resend after an effect finds its receipt gone; above 1, only a chain of resends (one retry delay apart) outlasts it.',
  });
}
