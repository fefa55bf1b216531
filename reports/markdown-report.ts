import type { TableResults } from '../sim/results/table-results.js';
import { runDateText } from './effects-chart.js';
import { columnLegendLines, markdownTable } from './text-table.js';

/**
 * table.md: the effect table in the seed's markdown form, then one line of
 * legend that says what a cell counts, what the cuts are, and which run it is,
 * and a line for each of the family's other columns.
 */
export function markdownReport(results: TableResults): string {
  const cuts = results.cuts.map((cut) => `${cut.index} ${cut.name}`).join(', ');
  const legend =
    `N = ${results.counted ?? 'effects the receivers hold'} for ${results.intention} after a crash at the cut and recovery ` +
    `(1 right, 0 lost, 2+ duplicate, err not judged); cuts: ${cuts}; run ${results.runId}, ${runDateText(results.startedAt)}.`;
  const columns = columnLegendLines(results).map((line) => `${line}.`);
  return `${markdownTable(results)}\n${[legend, ...columns].join('\n')}\n`;
}
