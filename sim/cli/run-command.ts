import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CLASSIC_CUTS } from '../../protocols/cuts.js';
import { protocolNames } from '../../protocols/registry.js';
import { EXPECTED_EFFECTS } from '../../scenarios/reference-table.js';
import { timeline } from '../../reports/timeline.js';
import { parseHistory } from '../engine/history.js';
import { displayPath } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import { resolveProtocols } from './load-protocol.js';
import { readExpectations } from './expectations.js';
import type { Io } from './io.js';
import { cutIndex, protocolName } from './options.js';
import { executeTableRun } from './table-run.js';

interface RunOptions {
  protocol: string[];
  cut: number[];
  out: string;
  expect?: string;
}

/** Names an N the way a reviewer reads it. */
export function effectWord(effects: number): string {
  return effects === 1 ? 'right' : effects === 0 ? 'lost' : 'duplicate';
}

export function registerRun(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('run')
    .description('run one case step by step: crash one protocol at one cut, recover, and show what happened')
    .requiredOption('-p, --protocol <name>', `the protocol: ${protocolNames().join(', ')}, or a path to your own module`, (value: string) =>
      protocolName(value),
    )
    .requiredOption('-c, --cut <cut>', `the cut, by index 0-${CLASSIC_CUTS.length - 1} or name`, (value: string) => cutIndex(value))
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option('--expect <file>', 'JSON file of expected rows replacing the reference ones')
    .addHelpText('after', '\nExit codes: 0 the case ran and N is as expected; 1 N differs or the case could not be judged; 2 bad input.')
    .action(async (options: RunOptions) => {
      const expected = options.expect ? readExpectations(options.expect, EXPECTED_EFFECTS) : EXPECTED_EFFECTS;
      const [protocol] = await resolveProtocols(options.protocol, io.cwd);
      if (!protocol) throw new UsageError('--protocol names no protocol');
      const { results, runFolder } = await executeTableRun({
        protocols: [protocol],
        cutIndexes: options.cut,
        outDir: options.out,
        cwd: io.cwd,
        expected,
      });
      const cell = results.cells[0];
      if (!cell) throw new Error('a one-case run produced no cell');
      const show = (path: string) => displayPath(join(runFolder, path), io.cwd);
      const historyPath = join(runFolder, cell.case.files.history);
      const events = parseHistory(readFileSync(historyPath, 'utf8'), historyPath);

      const lines = [
        `sim run: ${cell.protocol}, crash at cut ${cell.cut.index} (${cell.cut.name}), intention ${results.intention}`,
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
        `  orchestrator.db  ${show(cell.case.files.orchestrator)}`,
        `  warehouse.db     ${show(cell.case.files.warehouse)}`,
        `  history.jsonl    ${show(cell.case.files.history)}`,
        `run folder: ${displayPath(runFolder, io.cwd)}`,
      );
      io.stdout(lines.join('\n') + '\n');
      exit(results.verdict === 'match' ? EXIT.ok : EXIT.checkFailed);
    });
}
