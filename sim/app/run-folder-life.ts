import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { onInterrupt, interruptedBy } from '../process/interrupt.js';
import { createRunFolder, displayPath, type RunFolder } from '../results/run-folder.js';
import { markInterrupted } from '../results/interrupted-mark.js';

/** Run folders this process made whose runs have not written their results yet. */
const unfinished = new Set<string>();

/**
 * A command's run folder (see createRunFolder), watched until its run ends:
 * Ctrl-C or SIGTERM marks it interrupted (see markInterrupted) and says so in
 * the interruption's line, and an environment failure (a full disk) removes it
 * (see discardUnfinishedRunFolders). A folder whose results.json is written is
 * finished: neither touches it.
 */
export function openRunFolder(outDir: string, cwd: string): RunFolder {
  const folder = createRunFolder(outDir);
  unfinished.add(folder.path);
  const forget = onInterrupt(() => {
    forget();
    unfinished.delete(folder.path);
    const shown = displayPath(folder.path, cwd);
    const marked = markInterrupted(folder.path, interruptedBy() ?? 'a signal');
    if (marked === 'marked') return `run folder ${shown} marked interrupted`;
    return marked === 'unwritable' ? `run folder ${shown} could not be marked interrupted` : '';
  });
  return folder;
}

/**
 * Removes the run folders of this command that hold no results: called when
 * the command stops on an environment failure, whose run folder holds only
 * the stores of cases cut short on a full disk, nothing a reader can use.
 * Returns how many it removed.
 */
export function discardUnfinishedRunFolders(): number {
  let removed = 0;
  for (const path of unfinished) {
    unfinished.delete(path);
    if (existsSync(join(path, 'results.json'))) continue;
    rmSync(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
