import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { REPORT_FILE_NAMES, writeReports } from '../../reports/write-reports.js';
import { latestTableRun } from '../results/latest-run.js';
import { isCheckRun } from '../results/read-sweeps.js';
import { displayPath } from '../results/run-folder.js';
import { EXIT, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { nonEmptyPath } from './options.js';
import { sweepReportLines, writeRunSweepReports } from './sweep-reports.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

const REPORT_FORMATS = ['text', 'json'] as const;

interface ReportOptions {
  out: string;
  format: 'text' | 'json';
}

/** The report files of a run, as the user should see their paths. */
export interface ShownReports {
  table: string;
  chart: string;
  html: string;
}

/**
 * Writes table.md, effects.png and report.html into a run folder from its
 * results.json. Shared by `sim report` and `sim table --chart`; every problem
 * is an InputError (exit 2).
 */
export async function writeRunReports(runFolder: string, cwd: string): Promise<ShownReports> {
  const { files } = await writeReports(runFolder);
  return { table: displayPath(files.table, cwd), chart: displayPath(files.chart, cwd), html: displayPath(files.html, cwd) };
}

/** One line per report file: its name, then its path. */
export function reportLines(shown: ShownReports): string[] {
  return [
    `${REPORT_FILE_NAMES.table.padEnd(12)} ${shown.table}`,
    `${REPORT_FILE_NAMES.chart.padEnd(12)} ${shown.chart}`,
    `${REPORT_FILE_NAMES.html.padEnd(12)} ${shown.html}`,
  ];
}

export function registerReport(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('report')
    .description(
      'write table.md, effects.png and report.html into a table run folder, drawn from its results.json; ' +
        'for a check run, retention-sweep.png and concurrency-sweep.png, drawn from its sweeps.json',
    )
    .argument('[run-dir]', 'the run folder (default: the latest table run under --out)', nonEmptyPath('the run folder'))
    .option('-o, --out <dir>', 'parent folder of run folders, searched when run-dir is omitted', 'runs')
    .option('-f, --format <format>', formatHelp(REPORT_FORMATS), formatOption(REPORT_FORMATS), 'text')
    .addHelpText(
      'after',
      "\nExit codes: 0 the reports are written (whatever the run's verdict, which they show); 2 bad input:\nno run, a missing or malformed results.json (or sweeps.json), or a run folder that cannot be written.",
    )
    .action(async (runDir: string | undefined, options: ReportOptions) => {
      const runFolder = runDir === undefined ? latestTableRun(resolve(io.cwd, options.out), options.out) : resolve(io.cwd, runDir);
      const folder = displayPath(runFolder, io.cwd);
      if (isCheckRun(runFolder)) {
        const charts = await writeRunSweepReports(runFolder, io.cwd);
        if (options.format === 'json') {
          io.stdout(
            jsonDocument({ kind: 'report', tool: 'cutpoint', drawnFrom: join(folder, 'sweeps.json'), files: charts, runFolder: folder }),
          );
          return exit(EXIT.ok);
        }
        io.stdout(
          [`sim report: drawn from ${join(folder, 'sweeps.json')}`, ...sweepReportLines(charts), `run folder: ${folder}`].join('\n') + '\n',
        );
        return exit(EXIT.ok);
      }
      const shown = await writeRunReports(runFolder, io.cwd);
      if (options.format === 'json') {
        io.stdout(
          jsonDocument({ kind: 'report', tool: 'cutpoint', drawnFrom: join(folder, 'results.json'), files: shown, runFolder: folder }),
        );
        return exit(EXIT.ok);
      }
      io.stdout(
        [`sim report: drawn from ${join(folder, 'results.json')}`, ...reportLines(shown), `run folder: ${folder}`].join('\n') + '\n',
      );
      exit(EXIT.ok);
    });
}
