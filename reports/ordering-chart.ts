import type { ChartConfiguration } from 'chart.js';
import { CHART_FONT_FAMILY } from './effects-chart.js';

/** One measured point of the ordering comparison: plain data, as orderingCost returns it. */
export interface OrderingPoint {
  protocol: string;
  workers: number;
  trials: number;
  outOfOrderPer1000: number;
  misorderedPer1000: number;
}

/** Magenta for the flaw's damage, blue for the sequenced sender (zero), and its cost dashed in blue (Paul Tol's "vibrant"). */
export const ORDERING_COLORS = { damage: '#EE3377', sequenced: '#0077BB' } as const;

export type OrderingChartConfig = ChartConfiguration<'line', { x: number; y: number }[]>;

/**
 * Misordered outcomes per 1,000 trials against relay workers, for
 * last-writer-wins and for the sequenced outbox, and the sequenced outbox's
 * price beside them: its out-of-order refusals per 1,000 updates (dashed).
 * Every number is the measurement given, none recomputed.
 */
export function orderingChartConfig(points: readonly OrderingPoint[], seed: number): OrderingChartConfig {
  const font = (size: number, weight: 'normal' | 'bold' = 'normal') => ({ family: CHART_FONT_FAMILY, size, weight });
  const of = (protocol: string, y: (point: OrderingPoint) => number) =>
    points.filter((point) => point.protocol === protocol).map((point) => ({ x: point.workers, y: y(point) }));
  const line = (label: string, data: { x: number; y: number }[], color: string, dashed = false) => ({
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    borderWidth: 4,
    borderDash: dashed ? [12, 8] : [],
    pointRadius: 7,
    tension: 0,
  });
  const trials = points[0]?.trials ?? 0;
  return {
    type: 'line',
    data: {
      datasets: [
        line(
          'last-writer-wins: misordered trials per 1,000',
          of('last-writer-wins', (p) => p.misorderedPer1000),
          ORDERING_COLORS.damage,
        ),
        line(
          'outbox-dedup (sequenced): misordered trials per 1,000',
          of('outbox-dedup', (p) => p.misorderedPer1000),
          ORDERING_COLORS.sequenced,
        ),
        line(
          'outbox-dedup: out-of-order refusals per 1,000 updates (its cost)',
          of('outbox-dedup', (p) => p.outOfOrderPer1000),
          ORDERING_COLORS.sequenced,
          true,
        ),
      ],
    },
    options: {
      plugins: {
        cutpointBackground: { color: '#FFFFFF' },
        title: {
          display: true,
          text: 'Updates to one object: wrong final states against relay workers',
          font: font(24, 'bold'),
          color: '#222222',
        },
        subtitle: {
          display: true,
          text: `${trials} generated trials per point (crashes, lost replies, unavailability, take-overs), seed ${seed}, the same trials for both`,
          font: font(15),
          color: '#444444',
        },
        legend: { labels: { font: font(15), color: '#222222' } },
      },
      scales: {
        x: { type: 'linear', ticks: { stepSize: 1, font: font(14) }, title: { display: true, text: 'relay workers', font: font(16) } },
        y: { beginAtZero: true, ticks: { font: font(14) }, title: { display: true, text: 'per 1,000', font: font(16) } },
      },
    },
  };
}
