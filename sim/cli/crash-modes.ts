import { InvalidArgumentError } from 'commander';
import { alignedTable, legendLines, markdownTable, verdictLines } from '../../reports/text-table.js';
import { compareModes, comparisonLines } from '../process/compare-modes.js';
import { displayPath } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { counted } from '../../reports/plural.js';
import type { TableFormat } from './options.js';
import { unexercisedPolicyLine } from '../engine/policy-exercise.js';
import { executeTableRun, type TableRunRequest } from '../app/table-run.js';

export const CRASH_MODES = ['in-process', 'kill', 'both', 'server-kill'] as const;
export type CrashModeChoice = (typeof CRASH_MODES)[number];

export function crashModeChoice(value: string): CrashModeChoice {
  if (!(CRASH_MODES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`crash mode must be one of ${CRASH_MODES.join(', ')}; got '${value}'.`);
  }
  return value as CrashModeChoice;
}

/**
 * `sim table --crash-mode both`: the same cases in-process and under
 * SIGKILL, each in a run folder of its own, then where they differ. Exit 0
 * only when both tables match their expectation and every cell agrees.
 */
export async function tableBothModes(
  request: Omit<TableRunRequest, 'crashMode'> & { io: Io },
  options: { format: TableFormat; chart?: boolean },
): Promise<ExitCode> {
  const { io } = request;
  if (options.chart) throw new UsageError('--chart draws the reports of one run: use it with --crash-mode in-process or kill, not both.');
  const inProcess = await executeTableRun({ ...request, crashMode: 'in-process' });
  const kill = await executeTableRun({ ...request, crashMode: 'kill' });
  const comparison = compareModes(inProcess.results, kill.results);
  const folders = { 'in-process': displayPath(inProcess.runFolder, io.cwd), kill: displayPath(kill.runFolder, io.cwd) };
  const agree = comparison.differences.length === 0;
  const matched = inProcess.results.verdict === 'pass' && kill.results.verdict === 'pass';

  if (options.format === 'json') {
    const effects = (results: typeof inProcess.results) =>
      Object.fromEntries(
        results.protocols.map((p) => [
          p.name,
          results.cuts.map((cut) => results.cells.find((c) => c.protocol === p.name && c.cut.index === cut.index)?.effects ?? null),
        ]),
      );
    io.stdout(
      JSON.stringify(
        {
          runFolders: folders,
          verdicts: { 'in-process': inProcess.results.verdict, kill: kill.results.verdict },
          cuts: kill.results.cuts.map((cut) => cut.name),
          effects: { 'in-process': effects(inProcess.results), kill: effects(kill.results) },
          agreeing: comparison.compared - comparison.differences.length,
          compared: comparison.compared,
          columns: comparison.columns,
          differences: comparison.differences,
          ...(kill.results.policy ? { policy: { 'in-process': inProcess.results.policy, kill: kill.results.policy } } : {}),
        },
        null,
        2,
      ) + '\n',
    );
    const unexercised = unexercisedPolicyLine(kill.results.policy) ?? unexercisedPolicyLine(inProcess.results.policy);
    if (unexercised) io.stderr(`sim table: ${unexercised}\n`);
  } else {
    const table = options.format === 'markdown' ? markdownTable : alignedTable;
    const { results } = kill;
    io.stdout(
      [
        `sim table: family ${results.family}, ${counted(results.protocols.length, 'protocol')} × ${counted(results.cuts.length, 'cut')}, crash in-process and kill, intention ${results.intention}`,
        '',
        'in-process (an exception unwinds the attempt):',
        table(inProcess.results),
        ...verdictLines(inProcess.results),
        '',
        'kill (each life in a child process, SIGKILLed at the cut):',
        table(results),
        ...verdictLines(results),
        '',
        ...legendLines(results),
        ...comparisonLines(comparison),
        `in-process run folder: ${folders['in-process']}`,
        `run folder: ${folders.kill}`,
      ].join('\n') + '\n',
    );
  }
  return agree && matched ? EXIT.ok : EXIT.checkFailed;
}
