import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file an interrupted run leaves in its run folder: one line, what interrupted it and when. */
export const INTERRUPTED_FILE = 'interrupted';

/**
 * Marks a run folder as interrupted, unless its run finished (its
 * results.json is there): a reader of the folder (`sim show`, `sim report`,
 * a person) then learns why it holds no results instead of guessing. One
 * small synchronous write, made while the process is about to exit; a folder
 * that cannot be written any more (a full disk) is left as it is, and the
 * answer says so.
 */
export function markInterrupted(runFolder: string, signal: string, now = new Date()): 'marked' | 'finished' | 'unwritable' {
  if (existsSync(join(runFolder, 'results.json')) || !existsSync(runFolder)) return 'finished';
  try {
    // Wall-clock time here is a label for the person reading the folder, never an input to a run.
    writeFileSync(join(runFolder, INTERRUPTED_FILE), `interrupted by ${signal} at ${now.toISOString()}\n`);
    return 'marked';
  } catch {
    return 'unwritable';
  }
}

/** What interrupted the run of `runFolder` ("interrupted by SIGINT at …"), when it was interrupted before it finished. */
export function interruptedMark(runFolder: string): string | undefined {
  try {
    return readFileSync(join(runFolder, INTERRUPTED_FILE), 'utf8').split('\n')[0]?.trim() || 'interrupted';
  } catch {
    return undefined;
  }
}
