import type { Command } from 'commander';
import { alignedTable, legendLines, markdownTable, verdictLines } from '../../reports/text-table.js';
import { displayPath } from '../results/run-folder.js';
import type { TableResults } from '../results/table-results.js';
import { UsageError, type ExitCode } from './errors.js';
import { exitForVerdict } from './verdict-exit.js';
import { readExpectations } from '../app/expectations.js';
import type { Io } from './io.js';
import { counted } from '../../reports/plural.js';
import type { ShownReports } from './report-command.js';
import { chooseFamily, cutIndexes } from '../app/family-choice.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import { cutValue, positiveInt, cutsChoice, protocolName, rangeText } from './options.js';
import { JOBS_MAX, LIFE_TIMEOUT_MS_MAX } from '../engine/limits.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';
import { junitXml } from '../results/junit.js';
import { tableJunitCases } from '../results/table-junit.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { executeTableRun } from '../app/table-run.js';
import { ended, inWatchedChild, policySubject } from './watched-run.js';
import { TRANSPORT_OPTION_HELP, transportName } from './transport-option.js';
import type { TransportName } from '../app/transport.js';
import { unexercisedPolicyLine, type PolicyCalls } from '../engine/policy-exercise.js';
import { addFamilyInputs, inputRefusalsHelp, inputRefusalSentence, standingInputFlags, watchedInputValue } from './family-inputs.js';
import { tableProtocols, tableReference, tableWorkload } from '../app/table.js';
import { crashModeChoice, tableBothModes, type CrashModeChoice } from './crash-modes.js';

/** markdown is the seed's unpadded form; junit one test case per cell, for CI. */
const TABLE_FORMATS = ['text', 'markdown', 'json', 'junit'] as const;
type TableFormat = (typeof TABLE_FORMATS)[number];

/** The options every family takes; a family's own (its entry's inputs) come beside them, by key. */
interface TableOptions {
  family?: string;
  protocol?: string[];
  cut?: string[];
  format: TableFormat;
  out: string;
  expect?: string;
  measureOnly?: boolean;
  lifeTimeoutMs?: number;
  checkDeterminism: boolean;
  chart?: boolean;
  crashMode: CrashModeChoice;
  jobs?: number;
  cuts?: 'all';
  transport: TransportName;
}

export function registerTable(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const command = program
    .command('table')
    .description('crash each protocol at each cut, recover, and print the measured effect table')
    .option('--family <name>', FAMILY_OPTION_HELP, familyName);
  addFamilyInputs(command, 'table');
  command
    .option(
      '-p, --protocol <name...>',
      "protocols to run (default: the family's seed rows; `sim list` names them all), or a path to your own module",
      protocolName,
    )
    .option('-c, --cut <cut...>', "cuts to crash at, by index or name (default: all the family's cuts; `sim list` names them)", cutValue)
    .option('-f, --format <format>', formatHelp(TABLE_FORMATS), formatOption(TABLE_FORMATS), 'text')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--life-timeout-ms <ms>',
      `wall time each process life of a protocol file's case (or of a kill-mode child) may take before the watchdog stops it and reports the case as an error; with --policy, the longest life of the watched child the table then runs in ${rangeText(1, LIFE_TIMEOUT_MS_MAX)} (default ${LIFE_TIMEOUT_MS})`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
    )
    .option('--no-check-determinism', 'do not run each case of a protocol file twice to compare its histories byte for byte')
    .option(
      '--expect <file>',
      'JSON file of expected rows replacing the reference ones: N per cut, e.g. {"mark-first": [1,0,1,1,1]}, or N and other columns by header, e.g. {"reference-harness": {"N": [1,1,1,1,1], "replies": 0}}',
    )
    .option(
      '--measure-only',
      'judge nothing: print what each cell measured and exit 0 unless a case could not be judged (without it a protocol with no expected row, such as one of yours, must give N=1 at every cut, each column within its bound)',
    )
    .option('--chart', 'also write table.md, effects.png and report.html into the run folder (as `sim report` does)')
    .option(
      '--crash-mode <mode>',
      "in-process: an exception unwinds the attempt; kill: each life in a child process, SIGKILLed at the cut; both: run both, print where they differ; server-kill (with --transport http): the receiver's server process SIGKILLed after its commit, before its reply, and restarted on the same file",
      crashModeChoice,
      'in-process',
    )
    .option(
      '-j, --jobs <n>',
      `cases at a time ${rangeText(1, JOBS_MAX)} (default: one per core; in process, only for a table of 64 cases or more, a smaller one runs here): in process, in worker threads beside this one; in kill mode, each in its own child processes`,
      positiveInt('jobs', JOBS_MAX),
    )
    .option('--cuts <which>', "'all': find every boundary (each cut, each commit) in a fault-free run and crash after each", cutsChoice)
    .option('--transport <name>', TRANSPORT_OPTION_HELP, transportName, 'in-process')
    .addHelpText(
      'after',
      '\nExpected: a protocol with no expected row (one of yours, a correct built-in the reference leaves out) must\n' +
        'give N=1 at every cut (with --cuts all, at every boundary found) and keep each other column within its bound\n' +
        "(the plan's budget_calls; the handover cap, one notice, no early notice); a flawed built-in with no row is\n" +
        'measured only. --expect gives rows instead (with --cuts all: one N for every boundary, {"mine": 1}, or one\n' +
        'per boundary as printed); --measure-only judges nothing.\n' +
        'Refused (exit 2): --cuts all with --cut, --chart, a --format other than text, a --crash-mode other than\n' +
        `in-process, --transport http, ${standingInputFlags('table')}; --measure-only with --expect; --chart or --format\n` +
        'junit with --crash-mode both; --crash-mode server-kill without --transport http or with --cut, --cuts,\n' +
        `--expect or --measure-only; ${inputRefusalsHelp('table')}\n` +
        'Exit codes: 0 every measured cell matches its expected value; 1 a cell differs (a duplicate or a loss\n' +
        'where N=1 is expected, a column out of its bound), a case could not be judged, or a --policy left a call\n' +
        'of a case unanswered; 2 bad input.',
    )
    .action(async (options: TableOptions & Readonly<Record<string, unknown>>, self: Command) => {
      const family = await chooseFamily(options.family, options.protocol ?? [], io.cwd);
      const own = await tableWorkload(family, options, io.cwd, inputRefusalSentence);
      const workload = own.workload;
      const { protocols, files: protocolFiles } = await tableProtocols(family, own, options.protocol, io.cwd);
      if (options.measureOnly && options.expect)
        throw new UsageError('--measure-only judges nothing: it cannot be combined with --expect.');
      if (options.crashMode === 'server-kill' && (options.cut || options.expect || options.cuts || options.measureOnly)) {
        throw new UsageError(
          '--crash-mode server-kill has one column of its own (the server killed after its commit) and its own expectations: no --cut, --cuts, --expect or --measure-only.',
        );
      }
      if (options.transport === 'http' && options.cuts === 'all') {
        throw new UsageError('--cuts all finds its boundaries in process only: it cannot be combined with --transport http.');
      }
      if (options.cuts === 'all') {
        if (options.cut || options.chart || options.format !== 'text' || options.crashMode !== 'in-process' || workload) {
          throw new UsageError(
            `--cuts all finds its own cuts and prints text, in process, on the family's own workload: it cannot be combined with --cut, --chart, --format, --crash-mode, ${standingInputFlags('table')}.`,
          );
        }
        // --cuts all's modules (and --chart's below) load only when asked for: a plain table does not pay for them.
        const { boundaryTableRun } = await import('./boundary-command.js');
        return exit(await boundaryTableRun(family, protocols, options, io));
      }
      const reference = tableReference(family, own, protocols, options.measureOnly);
      const expectations = options.expect ? readExpectations(options.expect, reference, family, protocols, io.cwd) : reference;
      const cuts = cutIndexes(family, options.cut);
      const request = {
        family,
        protocols,
        protocolFiles,
        cutIndexes: cuts,
        outDir: options.out,
        cwd: io.cwd,
        expected: expectations.effects,
        expectedColumns: expectations.columns,
        defaultRows: expectations.defaultRows,
        expectFile: options.expect,
        ...(workload === undefined ? {} : { workload }),
        jobs: options.jobs,
        io,
        lifeTimeoutMs: options.lifeTimeoutMs,
        checkDeterminism: options.checkDeterminism,
        transport: options.transport,
        ...(own.policy ? { policy: own.policy } : {}),
      };
      if (options.crashMode === 'both' && options.format === 'junit') {
        throw new UsageError('--format junit writes the cells of one table: not with --crash-mode both.');
      }
      const watched = watchedInputValue('table', options);
      if (watched !== undefined) {
        const watchedCode = await inWatchedChild(self, policySubject(watched), options.lifeTimeoutMs ?? LIFE_TIMEOUT_MS, io);
        if (watchedCode !== undefined) return exit(watchedCode);
      }
      if (options.crashMode === 'both') {
        // --format junit was refused above, before a watched child could be started for it.
        return exit(ended(await tableBothModes(request, { ...options, format: options.format as 'text' | 'markdown' | 'json' })));
      }
      const { results, runFolder, resultsFile } = await executeTableRun({
        ...request,
        crashMode: options.crashMode,
        transport: options.transport,
      });
      const shownFolder = displayPath(runFolder, io.cwd);
      const reports = options.chart ? await chartReports(runFolder, io.cwd) : null;
      // The family's own charts (the plan family's context growth) beside the common reports.
      const charts =
        options.chart && family.tableCharts ? (await family.tableCharts(runFolder)).map((path) => displayPath(path, io.cwd)) : [];
      io.stdout(renderTable(results, options.format, shownFolder, displayPath(resultsFile, io.cwd), reports, charts));
      // text and markdown print it among the verdict lines; a document's reader sees it on stderr too.
      const unexercised = unexercisedPolicyLine(results.policy);
      if (unexercised && (options.format === 'json' || options.format === 'junit')) io.stderr(`sim table: ${unexercised}\n`);
      exit(ended(exitForVerdict(results.verdict)));
    });
}

/** The reports --chart writes (the PNG, the HTML page, the markdown table) and the lines that name them. */
async function chartReports(runFolder: string, cwd: string): Promise<{ shown: ShownReports; lines: string[] }> {
  const { reportLines, writeRunReports } = await import('./report-command.js');
  const shown = await writeRunReports(runFolder, cwd);
  return { shown, lines: reportLines(shown) };
}

function renderTable(
  results: TableResults,
  format: TableFormat,
  runFolder: string,
  resultsFile: string,
  reports: { shown: ShownReports; lines: string[] } | null,
  charts: readonly string[],
): string {
  switch (format) {
    case 'junit':
      return junitXml(`sim table ${results.family}`, tableJunitCases(results));
    case 'json':
      return jsonDocument({
        kind: 'table',
        tool: 'cutpoint',
        runFolder,
        resultsFile,
        verdict: results.verdict,
        crashMode: results.crashMode,
        family: results.family,
        intention: results.intention,
        cuts: results.cuts.map((cut) => cut.name),
        effects: Object.fromEntries(
          results.protocols.map((p) => [
            p.name,
            results.cuts.map((cut) => results.cells.find((c) => c.protocol === p.name && c.cut.index === cut.index)?.effects ?? null),
          ]),
        ),
        mismatches: results.mismatches,
        columnMismatches: results.columnMismatches ?? [],
        ...(results.policy ? { policy: results.policy, policyCalls: policyCallsByProtocol(results) } : {}),
        ...(reports ? { reports: reports.shown } : {}),
        ...(charts.length > 0 ? { charts } : {}),
      });
    case 'markdown':
      return (
        [
          markdownTable(results),
          ...verdictLines(results),
          ...(reports?.lines ?? []),
          ...charts.map((chart) => `chart        ${chart}`),
          `run folder: ${runFolder}`,
        ].join('\n') + '\n'
      );
    case 'text':
      return (
        [
          `sim table: family ${results.family}, ${counted(results.protocols.length, 'protocol')} × ${counted(results.cuts.length, 'cut')}, crash ${results.crashMode}${results.transport === 'http' ? ', over HTTP' : ''}, intention ${results.intention}`,
          '',
          alignedTable(results),
          ...legendLines(results),
          ...verdictLines(results),
          ...(reports?.lines ?? []),
          ...charts.map((chart) => `chart        ${chart}`),
          `run folder: ${runFolder}`,
        ].join('\n') + '\n'
      );
  }
}

/** With --policy, the JSON document's answered and asked calls per protocol, one entry per cut as `effects` has (null: not run). */
function policyCallsByProtocol(results: TableResults): Record<string, (PolicyCalls | null)[]> {
  return Object.fromEntries(
    results.protocols.map((p) => [
      p.name,
      results.cuts.map((cut) => results.cells.find((c) => c.protocol === p.name && c.cut.index === cut.index)?.policyCalls ?? null),
    ]),
  );
}
