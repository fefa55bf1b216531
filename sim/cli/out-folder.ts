import { resolve } from 'node:path';
import type { Command } from 'commander';
import { enclosingRun } from '../results/run-folder.js';
import { UsageError } from './errors.js';

/**
 * Refuses an `--out` inside an existing run or case folder, before the
 * command runs (a check would otherwise learn it only when it keeps its
 * first failing run). Installed once as the program's preAction hook, so
 * every command taking --out, present and future, is covered;
 * createRunFolder refuses it too, for the library.
 */
export function refuseOutInsideRun(cwd: string) {
  return (_program: Command, command: Command): void => {
    if (!command.options.some((option) => option.long === '--out')) return;
    const out: unknown = command.getOptionValue('out');
    if (typeof out !== 'string') return;
    const run = enclosingRun(resolve(cwd, out));
    if (run !== undefined) {
      throw new UsageError(
        `--out ${out} is inside the ${run.kind} folder ${run.path}: give a parent folder of run folders outside any run (the default is runs)`,
      );
    }
  };
}
