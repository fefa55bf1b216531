import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { FamilyEntry, FamilyView } from '../families/index.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';

/*
 * `sim <family> show CASE_DIR`: a case as its family's reader wants it (a
 * handover case as a conversation), for a family whose entry has a view;
 * `sim show` prints the same for a case whose stores are that family's.
 */

export function registerFamilyCommand(entry: FamilyEntry & { view: FamilyView }) {
  return (program: Command, io: Io, exit: (code: ExitCode) => void): void => {
    const family = program.command(entry.name).description(entry.view.description);
    family
      .command('show')
      .description(entry.view.show)
      .argument('<case-dir>', entry.view.caseDir)
      .action(async (dir: string) => {
        const loaded = await entry.load();
        if (!loaded.caseView) throw new UsageError(`the ${entry.name} family has no view of a case`);
        io.stdout(`${loaded.caseView(resolve(io.cwd, dir)).join('\n')}\n`);
        exit(EXIT.ok);
      });
  };
}
