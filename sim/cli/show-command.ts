import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { timeline } from '../../reports/timeline.js';
import { parseHistory } from '../engine/history.js';
import { findHistories } from '../results/find-histories.js';
import { readTextFile } from '../results/read-text-file.js';
import { interruptedMark } from '../results/interrupted-mark.js';
import { displayPath } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { nonEmptyPath } from './options.js';
import { caseViewFamily } from './case-family.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

const SHOW_FORMATS = ['text', 'json'] as const;

export function registerShow(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('show')
    .description(
      'print the history of a case (or of every case in a run folder) as a timeline; a family with a view of its own (handover: the conversation) is shown in it',
    )
    .argument('<dir>', 'a case folder (holding history.jsonl) or a run folder', nonEmptyPath('the folder'))
    .option('--events', 'print the event timeline of history.jsonl even for a family with a view of its own')
    .option('-f, --format <format>', formatHelp(SHOW_FORMATS), formatOption(SHOW_FORMATS), 'text')
    .addHelpText(
      'after',
      '\nExit codes: 0 printed (a run marked interrupted: what it wrote, and a line on stderr); 2 no such folder, no history in it\n(an interrupted run that wrote none says it was interrupted), or a malformed history.jsonl.',
    )
    .action(async (dir: string, options: { events?: boolean; format: 'text' | 'json' }) => {
      const folder = resolve(io.cwd, dir);
      if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`${dir} is not a folder`);
      const found = findHistories(folder, dir);
      const interrupted = interruptedMark(folder);
      if (found.length === 0 && interrupted !== undefined)
        throw new UsageError(`${dir}: the run was ${interrupted}, before any case had written its history.jsonl`);
      if (found.length === 0) throw new UsageError(`no history.jsonl in ${dir} or below it`);
      // The histories there are shown; the reader learns they are those of a run cut short, not all of it.
      if (interrupted !== undefined) io.stderr(`sim: ${dir}: the run was ${interrupted}; these are the histories written before\n`);
      const histories = found.map((path) => ({ path, events: parseHistory(readTextFile(path), path) }));
      if (options.format === 'json') {
        io.stdout(
          jsonDocument({
            kind: 'show',
            tool: 'cutpoint',
            histories: histories.map(({ path, events }) => ({ history: displayPath(path, io.cwd), events })),
          }),
        );
        return exit(EXIT.ok);
      }
      const parts = await Promise.all(
        histories.map(async ({ path, events }) => {
          const title = relative(folder, path) === 'history.jsonl' ? displayPath(path, io.cwd) : relative(folder, path);
          const family = options.events ? undefined : await caseViewFamily(path);
          if (family?.caseView) {
            const view = family.caseView(dirname(path));
            return `${title} (${family.name} case, ${events.length} events; virtual day and time, conversation, who, what)\n${view.join('\n')}\n`;
          }
          return `${title} (${events.length} events; virtual ms, worker, event)\n${timeline(events)}`;
        }),
      );
      io.stdout(parts.join('\n'));
      exit(EXIT.ok);
    });
}
