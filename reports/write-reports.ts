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
import { loadFamily } from '../sim/families/index.js';
import { InputError } from '../sim/engine/input-error.js';

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
  // A family with a view of its own (a handover case as its conversation) shows it in the case panel.
  const family = await loadFamily(results.family);
  const views = new Map<string, string[]>();
  if (family?.caseView) {
    for (const cell of results.cells) {
      views.set(`${cell.protocol}/cut-${cell.cut.index}`, caseLines(family.caseView, join(runFolder, cell.case.files.folder)));
    }
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
    { path: files.html, data: htmlReport({ results, histories, chart, views }) },
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

/** A case's own view; a case whose stores cannot be read (it failed before writing them) says why instead of failing the report. */
function caseLines(view: (folder: string) => string[], folder: string): string[] {
  try {
    return view(folder);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return [`(no conversation to show: ${error.message})`];
  }
}
