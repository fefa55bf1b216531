import type { SweepPoint, SweepResult } from '../sim/results/sweeps-results.js';
import type { SweepsResults } from '../sim/results/sweeps-results.js';

/** A point as printed: duplicates per 1,000, then the counts behind it, and anything else worth a look. */
function pointText(point: SweepPoint | undefined): string {
  if (!point) return '';
  const extra = [point.lost > 0 ? `${point.lost} lost` : '', point.unfinished > 0 ? `${point.unfinished} unfinished` : ''].filter(Boolean);
  return `${point.duplicatesPer1000.toFixed(1)} (${point.duplicates}/${point.intentions}${extra.length ? `, ${extra.join(', ')}` : ''})`;
}

/** One sweep as an aligned text table: a row per x, a column per series. */
export function sweepTable(sweep: SweepResult): string {
  const xs = [...new Set(sweep.series.flatMap((series) => series.points.map((point) => point.x)))].sort((a, b) => a - b);
  const header = [sweep.xLabel, ...sweep.series.map((series) => series.name)];
  const body = xs.map((x) => [String(x), ...sweep.series.map((series) => pointText(series.points.find((point) => point.x === x)))]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('   ');
  return [line(header), ...body.map(line)].join('\n') + '\n';
}

/** Both sweeps, each under a line saying what was measured and with what. */
export function sweepsText(results: SweepsResults): string {
  const head = (sweep: SweepResult) =>
    `${sweep.title}, seed ${results.seed}, ${results.trialsPerPoint} trials per point\n${sweep.fixed}\nduplicates per 1,000 intentions (duplicates/intentions):\n`;
  return [results.retention, results.concurrency].map((sweep) => head(sweep) + sweepTable(sweep)).join('\n');
}
