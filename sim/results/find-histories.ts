import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/input-error.js';
import { fsReason } from './fs-reason.js';

/** A run folder holds its cases at most this deep (runs/<run>/<family>/<protocol>/<case>/history.jsonl, and one more for `runs/`). */
export const HISTORY_DEPTH_MAX = 5;
/** Entries looked at before giving up: a run folder holds far fewer; `/` or a home folder holds far more. */
export const ENTRIES_VISITED_MAX = 50_000;

export class HistorySearchError extends InputError {}

/**
 * The history.jsonl of a case folder, or every one below a run folder, in path order (numbers in names
 * compared as numbers). The walk is bounded in depth and in entries visited,
 * and never follows a symbolic link, so `sim show /` or a link loop ends at
 * once with one sentence instead of walking the disk. `label` names the
 * folder in messages.
 */
export function findHistories(folder: string, label: string): string[] {
  const found: string[] = [];
  let visited = 0;
  const walk = (dir: string, relative: string, depth: number): void => {
    for (const entry of entries(dir, label)) {
      if (++visited > ENTRIES_VISITED_MAX) {
        throw new HistorySearchError(
          `${label} holds more than ${ENTRIES_VISITED_MAX} entries within ${HISTORY_DEPTH_MAX} levels: name a run folder or a case folder`,
        );
      }
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name === 'history.jsonl' && !entry.isDirectory()) found.push(path);
      else if (entry.isDirectory() && depth < HISTORY_DEPTH_MAX) walk(join(dir, entry.name), path, depth + 1);
    }
  };
  walk(folder, '', 0);
  // A case folder's own history is the one meant, whatever a subfolder holds.
  if (found.includes('history.jsonl')) return [join(folder, 'history.jsonl')];
  return found.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((path) => join(folder, path));
}

function entries(dir: string, label: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new HistorySearchError(`cannot read folder ${dir} (below ${label}): ${fsReason(error)}`);
  }
}
