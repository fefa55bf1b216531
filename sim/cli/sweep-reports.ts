import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sweepsText } from '../../reports/sweep-table.js';
import { SWEEP_REPORT_FILE_NAMES, writeSweepReports } from '../../reports/write-sweep-reports.js';
import { displayPath, writeJsonAtomic, type RunFolder } from '../results/run-folder.js';
import { SWEEPS_FILE_NAME, type SweepsResults } from '../results/sweeps-results.js';
import { findEntry } from '../families/index.js';
import type { Io } from './io.js';
import { Progress } from '../app/progress.js';

/** The sweep chart files of a run, as the user should see their paths. */
export interface ShownSweepReports {
  retention: string;
  concurrency: string;
}

/**
 * Draws retention-sweep.png and concurrency-sweep.png into a check run's
 * folder from its sweeps.json. Shared by `sim check --report` and
 * `sim report`; every problem is an InputError (exit 2).
 */
export async function writeRunSweepReports(runFolder: string, cwd: string): Promise<ShownSweepReports> {
  const { files } = await writeSweepReports(runFolder);
  return { retention: displayPath(files.retention, cwd), concurrency: displayPath(files.concurrency, cwd) };
}

/** One line per chart file: its name, then its path. */
export function sweepReportLines(shown: ShownSweepReports): string[] {
  const width = SWEEP_REPORT_FILE_NAMES.concurrency.length;
  return [
    `${SWEEP_REPORT_FILE_NAMES.retention.padEnd(width)} ${shown.retention}`,
    `${SWEEP_REPORT_FILE_NAMES.concurrency.padEnd(width)} ${shown.concurrency}`,
  ];
}

/**
 * Runs both sweeps, writes sweeps.json into the run folder, then draws the
 * charts from that file as written, and prints the points and the files.
 */
export async function measureSweeps(
  folder: RunFolder,
  family: string,
  options: { seed: number; trialsPerPoint: number },
  io: Io,
): Promise<void> {
  const sweeps = await findEntry(family)?.sweeps?.();
  if (!sweeps) throw new Error(`the ${family} family has no sweeps`);
  const total = sweeps.trialCount(options.trialsPerPoint);
  io.stdout(`\nsweeps: ${total} generated trials (${options.trialsPerPoint} per point), seed ${options.seed}, in-memory stores\n`);
  const progress = new Progress(io, 'sweeps', total, 'trials');
  let done = 0;
  const started = performance.now();
  const measured = await sweeps.run({ ...options, onTrial: () => progress.update(++done) });
  progress.done();
  const results: SweepsResults = {
    kind: 'sweeps',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    seed: options.seed,
    trialsPerPoint: options.trialsPerPoint,
    store: 'memory',
    ...measured,
    timingsMs: { total: Math.round(performance.now() - started) },
  };
  const path = join(folder.path, SWEEPS_FILE_NAME);
  writeJsonAtomic(path, results);
  const shown = await writeRunSweepReports(folder.path, io.cwd);
  io.stdout(
    `\n${sweepsText(results)}\n${[`${SWEEPS_FILE_NAME.padEnd(21)} ${displayPath(path, io.cwd)}`, ...sweepReportLines(shown)].join('\n')}\n`,
  );
}
