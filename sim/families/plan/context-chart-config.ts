import type { ChartConfiguration } from 'chart.js';
import type { ContextGrowthSeries } from './context-growth.js';
import { CHART_FONT_FAMILY } from '../../../reports/effects-chart.js';

export const CONTEXT_CHART_SIZE = { width: 1200, height: 600 } as const;

const COLORS = ['#1B6AA5', '#C0392B', '#2E8B57', '#7D3C98'];

/** The plan family's context chart: peak context size against plan length, one line per protocol, as measured. */
export function contextChartConfig(series: readonly ContextGrowthSeries[]): ChartConfiguration<'line', { x: number; y: number }[]> {
  const font = (size: number) => ({ family: CHART_FONT_FAMILY, size });
  return {
    type: 'line',
    data: {
      datasets: series.map((line, index) => ({
        label: line.protocol,
        data: line.points.map((point) => ({ x: point.steps, y: point.peakChars })),
        borderColor: COLORS[index % COLORS.length] ?? '#222222',
        backgroundColor: COLORS[index % COLORS.length] ?? '#222222',
        borderWidth: 4,
        pointRadius: 6,
        tension: 0,
      })),
    },
    options: {
      animation: false,
      scales: {
        x: { type: 'linear', title: { display: true, text: 'plan length (read steps)', font: font(16) }, ticks: { font: font(16) } },
        y: { min: 0, title: { display: true, text: 'context peak (characters)', font: font(16) }, ticks: { font: font(16) } },
      },
      plugins: {
        title: { display: true, text: 'Seed 000: the context with and without a summary every five steps', font: font(20) },
        legend: { labels: { font: font(16) } },
      },
    },
  };
}
