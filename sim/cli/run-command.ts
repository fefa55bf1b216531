import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { timeline } from '../../reports/timeline.js';
import { displayPath } from '../results/run-folder.js';
import type { ExitCode } from './errors.js';
import { exitForVerdict } from './verdict-exit.js';
import type { Io } from './io.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import { cutValue, positiveInt, protocolName, rangeText } from './options.js';
import { LIFE_TIMEOUT_MS_MAX } from '../engine/limits.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { runOneCase, type RunCaseRequest } from '../app/run-case.js';
import { TRANSPORT_OPTION_HELP, transportName } from './transport-option.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

interface RunOptions extends RunCaseRequest {
  format: 'text' | 'json';
}

const RUN_FORMATS = ['text', 'json'] as const;

/** Names an N the way a reviewer reads it. */
export function effectWord(effects: number): string {
  return effects === 1 ? 'right' : effects === 0 ? 'lost' : 'duplicate';
}

/** sim run runs one case: a second --protocol or --cut would silently replace the first, so it is refused. */
function once(value: string, previous: string[] | undefined, option: 'protocol' | 'cut'): string {
  if (previous !== undefined)
    throw new InvalidArgumentError(
      `sim run runs one case: give --${option} once (sim table runs several); got '${previous.join("', '")}' and '${value}'.`,
    );
  return value;
}

export function registerRun(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('run')
    .description('run one case step by step: crash one protocol at one cut, recover, and show what happened')
    .option('--family <name>', FAMILY_OPTION_HELP, familyName)
    .requiredOption(
      '-p, --protocol <name>',
      'the protocol (`sim list` names them), or a path to your own module',
      (value: string, previous?: string[]) => protocolName(once(value, previous, 'protocol')),
    )
    .requiredOption(
      '-c, --cut <cut>',
      "the cut, by index or name (`sim list` names each family's cuts)",
      (value: string, previous?: string[]) => cutValue(once(value, previous, 'cut')),
    )
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--life-timeout-ms <ms>',
      `wall time each process life of a protocol file's case (or of a kill-mode child) may take before the watchdog stops it and reports the case as an error ${rangeText(1, LIFE_TIMEOUT_MS_MAX)} (default ${LIFE_TIMEOUT_MS})`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
    )
    .option('--no-check-determinism', 'do not run each case of a protocol file twice to compare its histories byte for byte')
    .option('--expect <file>', 'JSON file of expected rows replacing the reference ones')
    .option('--transport <name>', TRANSPORT_OPTION_HELP, transportName, 'in-process')
    .option('-f, --format <format>', formatHelp(RUN_FORMATS), formatOption(RUN_FORMATS), 'text')
    .addHelpText('after', '\nExit codes: 0 the case ran and N is as expected; 1 N differs or the case could not be judged; 2 bad input.')
    .action(async (options: RunOptions) => {
      const { results, cell, runFolder, events } = await runOneCase(options, io.cwd);
      const show = (path: string) => displayPath(join(runFolder, path), io.cwd);
      const code = exitForVerdict(results.verdict);
      if (options.format === 'json') {
        io.stdout(
          jsonDocument({
            kind: 'run',
            tool: 'cutpoint',
            runId: results.runId,
            family: results.family,
            protocol: cell.protocol,
            cut: cell.cut,
            intention: results.intention,
            effects: cell.effects,
            expected: cell.expected,
            verdict: results.verdict,
            ...(cell.case.error ? { error: cell.case.error } : {}),
            localState: cell.case.localState,
            files: Object.fromEntries([
              ...Object.entries(cell.case.files.stores).map(([store, path]) => [`${store}.db`, show(path)]),
              ['history.jsonl', show(cell.case.files.history)],
            ]),
            events,
            runFolder: displayPath(runFolder, io.cwd),
          }),
        );
        return exit(code);
      }

      const lines = [
        `sim run: family ${results.family}, ${cell.protocol}, crash at cut ${cell.cut.index} (${cell.cut.name}), intention ${results.intention}`,
        '',
        'timeline (virtual ms, worker, event):',
        timeline(events).trimEnd(),
        '',
      ];
      if (cell.effects === null) {
        lines.push(`effects: not judged: ${cell.case.error}`);
      } else {
        const expectation = cell.expected === null ? 'no expectation' : `expected ${cell.expected}`;
        lines.push(`effects: N=${cell.effects} for ${results.intention}: ${effectWord(cell.effects)} (${expectation})`);
      }
      lines.push('final local state (orchestrator.db):');
      for (const [table, rows] of Object.entries(cell.case.localState)) {
        lines.push(`  ${table}: ${rows.length === 0 ? '(empty)' : ''}`.trimEnd());
        for (const row of rows) lines.push(`    ${JSON.stringify(row)}`);
      }
      lines.push(
        'files:',
        ...fileLines(
          [
            ...Object.entries(cell.case.files.stores).map(([store, path]) => [`${store}.db`, path] as const),
            ['history.jsonl', cell.case.files.history],
          ],
          show,
        ),
        `run folder: ${displayPath(runFolder, io.cwd)}`,
      );
      io.stdout(lines.join('\n') + '\n');
      exit(code);
    });
}

/** One line per file of the case, names aligned. */
function fileLines(files: readonly (readonly [string, string])[], show: (path: string) => string): string[] {
  const width = Math.max(...files.map(([name]) => name.length));
  return files.map(([name, path]) => `  ${name.padEnd(width)}  ${show(path)}`);
}
