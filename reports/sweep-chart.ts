import type { ChartConfiguration, PointStyle } from 'chart.js';
import type { SweepResult } from '../sim/results/sweeps-results.js';
import type { SweepsResults } from '../sim/results/sweeps-results.js';
import type { VerticalLinesOptions } from './chart-plugins.js';
import { CHART_FONT_FAMILY, runDateText } from './effects-chart.js';

/** Both sweep charts' natural size: a 2:1 slide picture, like the effects chart. */
export const SWEEP_CHART_SIZE = { width: 1200, height: 600 } as const;

/** Distinct point shapes, so the lines are told apart without their colour too. */
const POINT_STYLES: readonly PointStyle[] = ['circle', 'rect', 'triangle', 'rectRot'];

export interface SweepChartSpec {
  sweep: SweepResult;
  results: Pick<SweepsResults, 'seed' | 'trialsPerPoint' | 'runId' | 'startedAt'>;
  /** A colour per series name, for every series of the sweep. */
  colors: Readonly<Record<string, string>>;
  x: { min: number; max: number; stepSize: number; title: string };
  verticalLines?: VerticalLinesOptions['lines'];
  /** One more line under the subtitle: how to read this chart. */
  note?: string;
}

export type SweepChartConfig = ChartConfiguration<'line', { x: number; y: number }[]>;

/**
 * A line chart of one measured sweep: x is the pinned parameter, y the
 * duplicates per 1,000 intentions stored for each point, one line per series.
 * The seed and the trials per point are in the title, so the picture names
 * the runs behind it. Plain data only, like the effects chart: every number
 * is read from sweeps.json, none recomputed.
 */
export function sweepChartConfig(spec: SweepChartSpec): SweepChartConfig {
  const { sweep, results } = spec;
  const font = (size: number, weight: 'normal' | 'bold' = 'normal') => ({ family: CHART_FONT_FAMILY, size, weight });
  const ink = '#222222';
  const datasets = sweep.series.map((series, index) => {
    const color = spec.colors[series.name] ?? ink;
    return {
      label: series.name,
      data: series.points.map((point) => ({ x: point.x, y: point.duplicatesPer1000 })),
      borderColor: color,
      backgroundColor: color,
      borderWidth: 4,
      pointStyle: POINT_STYLES[index % POINT_STYLES.length] as PointStyle,
      pointRadius: 7,
      pointBorderWidth: 0,
      tension: 0,
      // The last series is drawn on top (chart.js draws the lowest order last): there the series that stays at zero goes.
      order: sweep.series.length - index,
      // A line at zero lies on the x axis: draw it whole, over the axis, rather than clipped in half.
      clip: false as const,
    };
  });
  return {
    type: 'line',
    data: { datasets },
    options: {
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio: SWEEP_CHART_SIZE.width / SWEEP_CHART_SIZE.height,
      animation: false,
      layout: { padding: { top: 4, right: 28, bottom: 8, left: 12 } },
      scales: {
        x: {
          type: 'linear',
          min: spec.x.min,
          max: spec.x.max,
          // A little room beyond the first and last x, so their points are not cut by the chart's edge.
          offset: true,
          title: { display: true, text: spec.x.title, color: ink, font: font(16) },
          ticks: { stepSize: spec.x.stepSize, color: ink, font: font(16) },
          grid: { color: '#EEEEEE' },
        },
        y: {
          min: 0,
          // Headroom above the highest point, so it is not drawn on the chart's top edge.
          grace: '8%',
          title: { display: true, text: 'duplicates per 1,000 intentions', color: ink, font: font(16) },
          ticks: { precision: 0, color: ink, font: font(16) },
          grid: { color: '#E3E3E3' },
        },
      },
      plugins: {
        title: {
          display: true,
          text: `${sweep.title} — seed ${results.seed}`,
          color: ink,
          font: font(22, 'bold'),
          padding: { top: 8, bottom: 4 },
        },
        subtitle: {
          display: true,
          text: [
            `each point: ${results.trialsPerPoint} generated trials, the same at every point (fast-check seed ${results.seed}); in-memory SQLite`,
            `${sweep.fixed}; run ${results.runId}, ${runDateText(results.startedAt)}`,
            ...(spec.note ? [spec.note] : []),
          ],
          color: '#444444',
          font: font(15),
          padding: { bottom: 10 },
        },
        // Reversed because the order above is: the legend lists the series as the sweep does.
        legend: { position: 'top', reverse: true, labels: { color: ink, font: font(16), usePointStyle: true } },
        cutpointBackground: { color: '#FFFFFF' },
        ...(spec.verticalLines ? { cutpointVerticalLines: { lines: spec.verticalLines, font: `bold 15px ${CHART_FONT_FAMILY}` } } : {}),
      },
    },
  };
}
