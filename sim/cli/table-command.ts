import type { Command } from 'commander';
import { expectedTable } from '../suites.js';
import { alignedTable, legendLines, markdownTable, verdictLines } from '../../reports/text-table.js';
import { displayPath } from '../results/run-folder.js';
import type { TableResults } from '../results/table-results.js';
import { boundaryTable } from '../../reports/boundary-table.js';
import { executeBoundaryRun } from './boundary-run.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import { resolveProtocols } from './load-protocol.js';
import { readExpectations } from './expectations.js';
import type { Io } from './io.js';
import { counted } from '../../reports/plural.js';
import { reportLines, writeRunReports, type ShownReports } from './report-command.js';
import { chooseFamily, cutIndexes, familyName, FAMILY_OPTION_HELP } from './family-choice.js';
import { cutValue, positiveInt, cutsChoice, protocolName, tableFormat, type TableFormat } from './options.js';
import { LIFE_TIMEOUT_MS } from '../process/kill-table.js';
import { executeTableRun } from './table-run.js';
import { TRANSPORT_OPTION_HELP, transportName, type TransportName } from './transport-option.js';
import { crashModeChoice, tableBothModes, type CrashModeChoice } from './crash-modes.js';

interface TableOptions {
  family?: string;
  plan?: string;
  protocol?: string[];
  cut?: string[];
  format: TableFormat;
  out: string;
  expect?: string;
  lifeTimeoutMs?: number;
  checkDeterminism: boolean;
  chart?: boolean;
  crashMode: CrashModeChoice;
  jobs?: number;
  cuts?: 'all';
  transport: TransportName;
}

export function registerTable(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('table')
    .description('crash each protocol at each cut, recover, and print the measured effect table')
    .option('--family <name>', FAMILY_OPTION_HELP, familyName)
    .option('--plan <file>', "plan family: your plan file (JSON, checked against the plan schema) instead of the seed's")
    .option(
      '-p, --protocol <name...>',
      "protocols to run (default: the family's seed rows; `sim list` names them all), or a path to your own module",
      protocolName,
    )
    .option('-c, --cut <cut...>', "cuts to crash at, by index or name (default: all the family's cuts; `sim list` names them)", cutValue)
    .option('-f, --format <format>', "output: text, markdown (the seed's form) or json", tableFormat, 'text')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--life-timeout-ms <ms>',
      `wall time each process life of a protocol file's case (or of a kill-mode child) may take before the watchdog stops it and reports the case as an error (default ${LIFE_TIMEOUT_MS})`,
      positiveInt('life-timeout-ms', 3_600_000),
    )
    .option('--no-check-determinism', 'do not run each case of a protocol file twice to compare its histories byte for byte')
    .option('--expect <file>', 'JSON file of expected rows replacing the reference ones, e.g. {"mark-first": [1,0,1,1,1]}')
    .option('--chart', 'also write table.md, effects.png and report.html into the run folder (as `sim report` does)')
    .option(
      '--crash-mode <mode>',
      'in-process: an exception unwinds the attempt; kill: each life in a child process, SIGKILLed at the cut; both: run both, print where they differ',
      crashModeChoice,
      'in-process',
    )
    .option(
      '-j, --jobs <n>',
      'cases at a time (default: one per core): in process, in worker threads beside this one; in kill mode, each in its own child processes',
      positiveInt('jobs', 64),
    )
    .option('--cuts <which>', "'all': find every boundary (each cut, each commit) in a fault-free run and crash after each", cutsChoice)
    .option('--transport <name>', TRANSPORT_OPTION_HELP, transportName, 'in-process')
    .addHelpText(
      'after',
      '\nExit codes: 0 every measured cell matches its expected value; 1 a cell differs or a case\ncould not be judged; 2 bad input.',
    )
    .action(async (options: TableOptions) => {
      const family = chooseFamily(options.family, options.protocol);
      // The plan family's table crashes during the plan's edit step, and takes a user's plan: a command of its own.
      if (family.name === 'plan') return exit(await (await import('./plan-table-command.js')).planTableCommand(options, io));
      if (options.plan !== undefined) throw new UsageError('--plan belongs to the plan family: add --family plan');
      const reference = expectedTable(family.name);
      const { protocols, files: protocolFiles } = await resolveProtocols(family, options.protocol ?? Object.keys(reference), io.cwd);
      const expected = options.expect ? readExpectations(options.expect, reference, family.cuts.length, protocols, io.cwd) : reference;
      if (options.cuts === 'all') {
        if (options.cut || options.chart || options.expect || options.format !== 'text' || options.crashMode !== 'in-process') {
          throw new UsageError(
            '--cuts all finds its own cuts and prints text, in process: it cannot be combined with --cut, --chart, --expect, --format or --crash-mode.',
          );
        }
        const { results, runFolder } = await executeBoundaryRun(family, protocols, options.out, io.cwd);
        io.stdout(
          results.rows.map((row) => boundaryTable(row, results.intention)).join('\n\n') +
            `\n\nrun folder: ${displayPath(runFolder, io.cwd)}\n`,
        );
        return exit(results.verdict === 'error' ? EXIT.checkFailed : EXIT.ok);
      }
      if (options.transport === 'http' && (options.cuts === 'all' || options.crashMode !== 'in-process')) {
        throw new UsageError('--transport http runs in process: it cannot be combined with --cuts all or --crash-mode kill|both yet.');
      }
      const cuts = cutIndexes(family, options.cut);
      const request = {
        family,
        protocols,
        protocolFiles,
        cutIndexes: cuts,
        outDir: options.out,
        cwd: io.cwd,
        expected,
        expectFile: options.expect,
        jobs: options.jobs,
        io,
        lifeTimeoutMs: options.lifeTimeoutMs,
        checkDeterminism: options.checkDeterminism,
      };
      if (options.crashMode === 'both') return exit(await tableBothModes(request, options));
      const { results, runFolder, resultsFile } = await executeTableRun({
        ...request,
        crashMode: options.crashMode,
        transport: options.transport,
      });
      const shownFolder = displayPath(runFolder, io.cwd);
      const reports = options.chart ? await writeRunReports(runFolder, io.cwd) : null;
      io.stdout(renderTable(results, options.format, shownFolder, displayPath(resultsFile, io.cwd), reports));
      exit(results.verdict === 'match' ? EXIT.ok : EXIT.checkFailed);
    });
}

function renderTable(
  results: TableResults,
  format: TableFormat,
  runFolder: string,
  resultsFile: string,
  reports: ShownReports | null,
): string {
  switch (format) {
    case 'json':
      return (
        JSON.stringify(
          {
            runFolder,
            resultsFile,
            verdict: results.verdict,
            crashMode: results.crashMode,
            family: results.family,
            cuts: results.cuts.map((cut) => cut.name),
            effects: Object.fromEntries(
              results.protocols.map((p) => [
                p.name,
                results.cuts.map((cut) => results.cells.find((c) => c.protocol === p.name && c.cut.index === cut.index)?.effects ?? null),
              ]),
            ),
            mismatches: results.mismatches,
            ...(reports ? { reports } : {}),
          },
          null,
          2,
        ) + '\n'
      );
    case 'markdown':
      return (
        [markdownTable(results), ...verdictLines(results), ...(reports ? reportLines(reports) : []), `run folder: ${runFolder}`].join(
          '\n',
        ) + '\n'
      );
    case 'text':
      return (
        [
          `sim table: family ${results.family}, ${counted(results.protocols.length, 'protocol')} × ${counted(results.cuts.length, 'cut')}, crash ${results.crashMode}${results.transport === 'http' ? ', over HTTP' : ''}, intention ${results.intention}`,
          '',
          alignedTable(results),
          ...legendLines(results),
          ...verdictLines(results),
          ...(reports ? reportLines(reports) : []),
          `run folder: ${runFolder}`,
        ].join('\n') + '\n'
      );
  }
}
