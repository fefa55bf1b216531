import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export class RunFolderError extends Error {}

export interface RunFolder {
  runId: string;
  path: string;
  /** Wall-clock creation time, ISO 8601: a label for reports, never an input to the simulation. */
  startedAt: string;
}

/**
 * A new run id: wall-clock time plus a short random suffix. This is the one
 * place the wall clock and an unseeded random source are read, and only to
 * name a folder; nothing inside a run depends on them.
 */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * Creates `<outDir>/<run-id>/`, never reusing an existing folder. Every
 * problem with outDir (not a folder, cannot be created, not writable) is a
 * RunFolderError with one readable sentence, raised before anything is written.
 */
export function createRunFolder(outDir: string): RunFolder {
  const parent = resolve(outDir);
  try {
    mkdirSync(parent, { recursive: true });
  } catch (error) {
    throw new RunFolderError(`cannot create output folder ${outDir}: ${reason(error)}`);
  }
  if (!statSync(parent).isDirectory()) throw new RunFolderError(`output folder ${outDir} is not a folder`);
  try {
    accessSync(parent, constants.W_OK);
  } catch (error) {
    throw new RunFolderError(`output folder ${outDir} is not writable: ${reason(error)}`);
  }
  for (let tries = 0; tries < 5; tries++) {
    const now = new Date();
    const runId = newRunId(now);
    const path = join(parent, runId);
    try {
      mkdirSync(path);
      return { runId, path, startedAt: now.toISOString() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new RunFolderError(`cannot create run folder in ${outDir}: ${reason(error)}`);
      }
    }
  }
  throw new RunFolderError(`could not find an unused run id in ${outDir}`);
}

/** Writes JSON to a temporary name, then renames: a reader never sees a half-written file. */
export function writeJsonAtomic(path: string, value: unknown): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n');
  renameSync(temporary, path);
}

/** A path as the user should see it: relative to `cwd` when inside it. */
export function displayPath(path: string, cwd: string): string {
  const shown = relative(cwd, path);
  return shown && !shown.startsWith('..') ? shown : path;
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR') return 'a part of the path is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EEXIST') return 'a file of that name exists';
  if (code === 'EROFS') return 'read-only file system';
  return code ?? (error instanceof Error ? error.message : String(error));
}
