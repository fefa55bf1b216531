import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from './input-error.js';

/**
 * The machine under a run's stores failed it: a full disk, a store that
 * cannot be opened or written, an I/O error. Nothing about the protocol can
 * be concluded from such a run, so it is never a verdict: the command stops
 * with this one line and exit 2, whatever it was running (a property, an
 * exploration, a table, a stress trial).
 */
export class EnvironmentFailure extends InputError {}

/** Free space below which an I/O error of a store is read as a full disk: SQLite grows its files in pages and its WAL index in 32 KiB. */
const FULL_DISK_BYTES_MAX = 1024 * 1024;
/** How far along an error's `cause` chain the store's error is looked for (a protocol may wrap what it caught). */
const CAUSE_DEPTH_MAX = 8;

/** The codes a store's SQLite or its file system give for the machine's trouble, each as the clause a user can act on. */
function causeOf(code: string, folder: string): string | undefined {
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return NO_SPACE;
  if (code === 'EDQUOT') return 'the disk quota is exhausted';
  // SQLite reports a full disk as an I/O error where it grows its WAL index (SQLITE_IOERR_SHMSIZE) or a file.
  if (code.startsWith('SQLITE_IOERR')) return freeBytes(folder) < FULL_DISK_BYTES_MAX ? NO_SPACE : 'a disk I/O error';
  if (code === 'SQLITE_CANTOPEN') return 'a store file cannot be opened or created there';
  if (code.startsWith('SQLITE_READONLY')) return 'a store file cannot be written there (read-only)';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  return undefined;
}

const NO_SPACE = 'no space left on the device (disk full)';

/** Bytes an unprivileged writer may still use on the file system of `folder` (or of its nearest existing parent). */
function freeBytes(folder: string): number {
  for (let path = folder, level = 0; level < 32; path = dirname(path), level++) {
    try {
      const stats = statfsSync(path);
      return stats.bavail * stats.bsize;
    } catch {
      if (dirname(path) === path) break;
    }
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The environment failure `error` stands for, if it does: a store's SQLite
 * error or a file-system error with one of the codes above, on the error or
 * along its `cause` chain. `folder` is where the stores live, named in the
 * line. Anything else (a protocol's own error, a constraint it broke) is
 * not the machine's, and stays what it was.
 */
export function environmentFailure(error: unknown, folder: string): EnvironmentFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH_MAX && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof EnvironmentFailure) return current;
    const { code, message } = current as { code?: unknown; message?: unknown };
    const cause = typeof code === 'string' ? causeOf(code, folder) : undefined;
    if (cause !== undefined) {
      const said = typeof message === 'string' && message !== '' ? `: ${message.split('\n')[0]}` : '';
      const advice = cause === NO_SPACE || code === 'EDQUOT' ? 'free some space or choose another folder' : 'choose another folder';
      return new EnvironmentFailure(`${cause} in ${folder} (${code}${said}); ${advice}; no verdict was reached`);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `error` as its environment failure when it is one, else as it was: for a catch that rethrows. */
export function asEnvironmentFailure(error: unknown, folder: string): unknown {
  return environmentFailure(error, folder) ?? error;
}

/** Where a medium's stores are, as the line names it: their folder, or memory (whose stores have a name, not a folder). */
export function storesPlace(kind: 'file' | 'memory', folder: string): string {
  return kind === 'memory' ? `the in-memory stores of ${folder}` : folder;
}
