import type { ChartConfiguration } from 'chart.js';
import type { TableResults } from '../sim/results/table-results.js';
import type { BarMark } from './chart-plugins.js';
import { EFFECT_KIND_COLORS, EFFECT_KIND_WORDS, effectKind } from './effect-kinds.js';

/** The effects chart's natural size: a 2:1 slide picture. */
export const EFFECTS_CHART_SIZE = { width: 1200, height: 600 } as const;

/**
 * One colour per protocol, from Paul Tol's colour-blind-safe "bright" scheme,
 * leaving out its red and green: those mean lost and exactly-once here.
 */
export const SERIES_COLORS = ['#4477AA', '#CCBB44', '#AA3377', '#66CCEE', '#BBBBBB'] as const;

export const CHART_FONT_FAMILY = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

export function seriesColor(datasetIndex: number): string {
  return SERIES_COLORS[datasetIndex % SERIES_COLORS.length] as string;
}

/** `2026-12-01 00:19 UTC` from an ISO time stamp. */
export function runDateText(startedAt: string): string {
  return `${startedAt.slice(0, 10)} ${startedAt.slice(11, 16)} UTC`;
}

/**
 * The grouped bar chart of effects after recovery: one group per cut, one bar
 * per protocol, a dashed line at N=1, and every bar that is not exactly one
 * marked with its word (a dashed outline where a lost effect should be, a
 * solid one around the duplicate part). Plain data only, so the same value
 * feeds the PNG renderer and report.html. Every N is read from the results.
 */
export function effectsChartConfig(results: TableResults): ChartConfiguration<'bar', (number | null)[], string[]> {
  const marks: BarMark[] = [];
  const datasets = results.protocols.map((protocol, datasetIndex) => {
    const data = results.cuts.map((cut, index) => {
      const cell = results.cells.find((c) => c.protocol === protocol.name && c.cut.index === cut.index);
      if (!cell) return null;
      const kind = effectKind(cell.effects);
      const mark = { datasetIndex, index, label: EFFECT_KIND_WORDS[kind], color: EFFECT_KIND_COLORS[kind].strong };
      if (kind === 'lost') marks.push({ ...mark, from: 0, to: 1, dashed: true });
      if (kind === 'duplicate') marks.push({ ...mark, from: 1, to: cell.effects as number, dashed: false });
      if (kind === 'unjudged') marks.push({ ...mark, from: 0, to: 0, dashed: false });
      return cell.effects;
    });
    const color = seriesColor(datasetIndex);
    return { label: protocol.name, data, backgroundColor: color, borderColor: color, borderWidth: 0 };
  });
  const highest = Math.max(2, ...results.cells.map((cell) => cell.effects ?? 0));
  const font = (size: number, weight: 'normal' | 'bold' = 'normal') => ({ family: CHART_FONT_FAMILY, size, weight });
  const canvasFont = (size: number) => `bold ${size}px ${CHART_FONT_FAMILY}`;
  const ink = '#222222';

  return {
    type: 'bar',
    data: {
      labels: results.cuts.map((cut) => [`cut ${cut.index}`, cut.name]),
      datasets,
    },
    options: {
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio: EFFECTS_CHART_SIZE.width / EFFECTS_CHART_SIZE.height,
      animation: false,
      layout: { padding: { top: 4, right: 150, bottom: 8, left: 12 } },
      scales: {
        x: {
          title: { display: true, text: 'crash at cut, then recovery', color: ink, font: font(16) },
          ticks: { color: ink, font: font(16) },
          grid: { display: false },
        },
        y: {
          min: 0,
          max: highest + 1,
          title: { display: true, text: `N: ${results.counted ?? 'effects the receivers hold'}`, color: ink, font: font(16) },
          ticks: { stepSize: 1, precision: 0, color: ink, font: font(16) },
          grid: { color: '#E3E3E3' },
        },
      },
      plugins: {
        title: {
          display: true,
          text: `Effects after recovery per cut — run ${results.runId}, ${runDateText(results.startedAt)}`,
          color: ink,
          font: font(22, 'bold'),
          padding: { top: 8, bottom: 4 },
        },
        subtitle: {
          display: true,
          text: `intention ${results.intention}, crash ${results.crashMode}. N=1 is right; 0 is a lost effect, 2 or more a duplicate.`,
          color: '#444444',
          font: font(15),
          padding: { bottom: 10 },
        },
        legend: { position: 'top', labels: { color: ink, font: font(16), boxWidth: 28 } },
        cutpointBackground: { color: '#FFFFFF' },
        cutpointReferenceLine: { value: 1, label: 'N=1 exactly once', color: ink, font: canvasFont(15) },
        cutpointBarMarks: { marks, font: canvasFont(15) },
      },
    },
  };
}
