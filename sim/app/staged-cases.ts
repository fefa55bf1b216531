import { copyFileSync, mkdirSync, readdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { createScratch, defaultScratchParent } from '../process/scratch.js';

/** statfs's f_type of a tmpfs (linux/magic.h TMPFS_MAGIC): memory-backed, an fsync there costs nothing. */
const TMPFS_MAGIC = 0x01021994;

/** Whether `path` is on a tmpfs (false when it cannot be asked). */
export function onTmpfs(path: string): boolean {
  try {
    return statfsSync(path).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
}

/** Where a table's cases keep their files while they run, and how those files reach the run folder. */
export interface StagedCases {
  /** The folder the cases run in: the run folder itself, or a tmpfs scratch folder. */
  readonly path: string;
  /** Copies the cases' files into the run folder (when they were elsewhere) and removes the scratch folder. */
  settle(): void;
}

/**
 * A case crashes a process, never the machine, so what it needs of its
 * SQLite files is what the page cache keeps: a commit survives the process.
 * On a disk, each case still pays about a dozen fsyncs (creating the WAL,
 * checkpoints at close), most of a table's wall time on a busy disk. So the
 * cases run in a tmpfs scratch folder (/dev/shm) and their files are copied
 * into the run folder when the table ends, byte for byte what they would
 * have been (results.json names them relative to the run folder). A run
 * folder already on a tmpfs, or a machine without one, runs in place. An
 * interruption removes the scratch folder (scratch.ts); the run folder then
 * holds no results.json, as for a table interrupted in place.
 */
export function stageCases(runFolder: string): StagedCases {
  const parent = defaultScratchParent();
  if (onTmpfs(runFolder) || !onTmpfs(parent)) return { path: runFolder, settle: () => undefined };
  const scratch = createScratch(parent);
  return {
    path: scratch.path,
    settle: () => {
      copyTree(scratch.path, runFolder);
      scratch.remove();
    },
  };
}

/**
 * Copies a folder's files and subfolders into `to` (which exists). The
 * scratch folder holds only folders and regular files, so this is all a copy
 * needs; `cpSync` asks more of every file and took twice as long for a table's
 * 46 files (about 25 ms against 12).
 */
function copyTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      copyTree(source, target);
    } else {
      copyUnlessGone(source, target);
    }
  }
}

/**
 * When a table stops early (a case failed), other cases may still be closing
 * their stores while the copy walks the folder: SQLite removes a database's
 * -wal and -shm files at its last close. A file gone between the listing and
 * the copy is one its case has closed and removed, so it is not copied.
 */
function copyUnlessGone(source: string, target: string): void {
  try {
    copyFileSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
