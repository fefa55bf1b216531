import { join } from 'node:path';
import { readSweepsResults } from '../sim/results/read-sweeps.js';
import { writeFilesAtomic } from '../sim/results/run-folder.js';
import type { SweepsResults } from '../sim/results/sweeps-results.js';
import { concurrencyChartConfig } from './concurrency-chart.js';
import { retentionChartConfig } from './retention-chart.js';
import { SWEEP_CHART_SIZE } from './sweep-chart.js';

/** The sweep charts a check run's folder gets, by what they show. */
export const SWEEP_REPORT_FILE_NAMES = { retention: 'retention-sweep.png', concurrency: 'concurrency-sweep.png' } as const;

export interface WrittenSweepReports {
  results: SweepsResults;
  files: { retention: string; concurrency: string };
}

/**
 * Reads `<runFolder>/sweeps.json`, draws retention-sweep.png and
 * concurrency-sweep.png in memory, then writes both together (see
 * writeFilesAtomic): a failure before the end leaves the folder as it was.
 * The charts read the stored points; nothing is measured again.
 * Throws ResultsFileError or RunFolderError, each with one readable sentence.
 */
export async function writeSweepReports(runFolder: string): Promise<WrittenSweepReports> {
  const results = readSweepsResults(runFolder);
  // Loaded here, not at the top: the Skia canvas and chart.js are only needed when a chart is drawn.
  const { renderChartPng } = await import('./chart-png.js');
  const retention = await renderChartPng(retentionChartConfig(results), SWEEP_CHART_SIZE);
  const concurrency = await renderChartPng(concurrencyChartConfig(results), SWEEP_CHART_SIZE);
  const files = {
    retention: join(runFolder, SWEEP_REPORT_FILE_NAMES.retention),
    concurrency: join(runFolder, SWEEP_REPORT_FILE_NAMES.concurrency),
  };
  writeFilesAtomic([
    { path: files.retention, data: retention },
    { path: files.concurrency, data: concurrency },
  ]);
  return { results, files };
}
