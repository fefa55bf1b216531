import { join } from 'node:path';
import { parseHistory, type HistoryEvent } from '../sim/engine/history.js';
import { fsReason } from '../sim/results/fs-reason.js';
import { readTableResults, ResultsFileError } from '../sim/results/read-results.js';
import { readTextFile } from '../sim/results/read-text-file.js';
import { writeFilesAtomic } from '../sim/results/run-folder.js';
import type { TableResults } from '../sim/results/table-results.js';
import { EFFECTS_CHART_SIZE, effectsChartConfig } from './effects-chart.js';
import { htmlReport } from './html-report.js';
import { markdownReport } from './markdown-report.js';

/** The files a report run writes into the run folder, by what they hold. */
export const REPORT_FILE_NAMES = { table: 'table.md', chart: 'effects.png', html: 'report.html' } as const;

export interface WrittenReports {
  results: TableResults;
  files: { table: string; chart: string; html: string };
}

/**
 * Reads `<runFolder>/results.json` and each case's history.jsonl that it
 * names, renders table.md, effects.png and report.html in memory, then writes
 * the three together (see writeFilesAtomic): a failure before the end leaves
 * the folder as it was. Reports read results; they never recompute a cell.
 * Throws ResultsFileError or RunFolderError, each with one readable sentence.
 */
export async function writeReports(runFolder: string): Promise<WrittenReports> {
  const results = readTableResults(runFolder);
  const histories = new Map<string, HistoryEvent[]>();
  for (const cell of results.cells) {
    histories.set(`${cell.protocol}/cut-${cell.cut.index}`, readHistory(runFolder, cell.case.files.history));
  }
  const chart = effectsChartConfig(results);
  // Loaded here, not at the top: the Skia canvas and chart.js are only needed when a chart is drawn.
  const { renderChartPng } = await import('./chart-png.js');
  const png = await renderChartPng(chart, EFFECTS_CHART_SIZE);
  const files = {
    table: join(runFolder, REPORT_FILE_NAMES.table),
    chart: join(runFolder, REPORT_FILE_NAMES.chart),
    html: join(runFolder, REPORT_FILE_NAMES.html),
  };
  writeFilesAtomic([
    { path: files.table, data: markdownReport(results) },
    { path: files.chart, data: png },
    { path: files.html, data: htmlReport({ results, histories, chart }) },
  ]);
  return { results, files };
}

function readHistory(runFolder: string, relativePath: string): HistoryEvent[] {
  let text: string;
  try {
    text = readTextFile(join(runFolder, relativePath));
  } catch (error) {
    throw new ResultsFileError(`results.json in ${runFolder} names ${relativePath}, which cannot be read: ${fsReason(error)}`);
  }
  return parseHistory(text, join(runFolder, relativePath));
}
