import type { SweepsResults } from '../sim/results/sweeps-results.js';
import { sweepChartConfig, type SweepChartConfig } from './sweep-chart.js';

/** One colour per protocol (Paul Tol's "vibrant"): magenta and teal for the two that duplicate, blue for outbox-dedup. */
export const CONCURRENCY_COLORS: Readonly<Record<string, string>> = {
  'outbox-no-dedup': '#EE3377',
  'check-then-act': '#009988',
  'outbox-dedup': '#0077BB',
};

/** Duplicates against the number of relay workers draining one outbox, one line per protocol. */
export function concurrencyChartConfig(results: SweepsResults): SweepChartConfig {
  const sweep = results.concurrency;
  const workers = sweep.series.flatMap((series) => series.points.map((point) => point.x));
  return sweepChartConfig({
    sweep,
    results,
    colors: CONCURRENCY_COLORS,
    x: { min: Math.min(...workers), max: Math.max(...workers), stepSize: 1, title: sweep.xLabel },
    note: 'Without dedup every resend duplicates; check-then-act only when two workers send one row at once, after a lease is taken over.',
  });
}
