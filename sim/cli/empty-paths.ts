import type { Command } from 'commander';
import { UsageError } from './errors.js';

/** Options that take a path say so in their value's name: `--out <dir>`, `--expect <file>`. */
const PATH_VALUE = /<(dir|file|path)[.>]/;

/**
 * Refuses an empty path given to any option that takes one, before the
 * command runs. An empty string (an unset shell variable in `--out "$DIR"`)
 * would otherwise quietly mean the current folder, or, for `--expect ''`,
 * be ignored as if no file were given. Installed once as the program's
 * preAction hook, so every command, present and future, is covered.
 */
export function refuseEmptyPaths(_program: Command, command: Command): void {
  for (const option of command.options) {
    if (!PATH_VALUE.test(option.flags)) continue;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (typeof value === 'string' && value.trim() === '') {
      throw new UsageError(`${option.long ?? option.flags} is empty; give a path (is a shell variable unset?)`);
    }
  }
}
