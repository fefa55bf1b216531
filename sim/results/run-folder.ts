import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../engine/input-error.js';
import { ensureFolder } from './ensure-folder.js';
import { fsReason } from './fs-reason.js';

export class RunFolderError extends InputError {}

export interface RunFolder {
  runId: string;
  path: string;
  /** Wall-clock creation time, ISO 8601: a label for reports, never an input to the simulation. */
  startedAt: string;
}

/** The shape of a run id made by newRunId: `YYYYMMDD-HHMMSS-` then six hex digits. */
export const RUN_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

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
 * problem with outDir (not a folder, cannot be created, not writable, a name
 * too long) is an InputError with one readable sentence, raised before
 * anything is written (see ensureFolder).
 */
export function createRunFolder(outDir: string): RunFolder {
  const parent = resolve(outDir);
  const run = enclosingRun(parent);
  if (run !== undefined) {
    throw new RunFolderError(
      `output folder ${outDir} is inside the ${run.kind} folder ${run.path}: give a parent folder of run folders outside any run (the default is runs)`,
    );
  }
  ensureFolder(parent, `output folder ${outDir}`);
  for (let tries = 0; tries < 5; tries++) {
    const now = new Date();
    const runId = newRunId(now);
    const path = join(parent, runId);
    try {
      mkdirSync(path);
      return { runId, path, startedAt: now.toISOString() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new RunFolderError(`cannot create run folder in ${outDir}: ${fsReason(error)}`);
      }
    }
  }
  throw new RunFolderError(`could not find an unused run id in ${outDir}`);
}

/**
 * The run or case folder `folder` is in (or is), or undefined: a folder named
 * with a run id, or one holding a case's history.jsonl. A run written inside
 * one would mix its folders with that run's files, where `sim report` and
 * `sim show` read them as the run's own.
 */
export function enclosingRun(folder: string): { kind: 'run' | 'case'; path: string } | undefined {
  for (let at = resolve(folder); ; at = dirname(at)) {
    if (RUN_ID_PATTERN.test(basename(at))) return { kind: 'run', path: at };
    if (existsSync(join(at, 'history.jsonl'))) return { kind: 'case', path: at };
    if (dirname(at) === at) return undefined;
  }
}

/** Writes JSON to a temporary name, then renames: a reader never sees a half-written file. */
export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, JSON.stringify(value, null, 2) + '\n');
}

/** Writes one file to a temporary name, then renames: a reader never sees a half-written file. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  writeFilesAtomic([{ path, data }]);
}

/**
 * Writes a group of files so that none is ever seen half-written, and a
 * failure leaves every target as it was: each target is checked first (an
 * existing one must not be a folder), then every file goes to a temporary
 * name, and only when all of them are written are they renamed into place.
 * Any problem is a RunFolderError with one readable sentence.
 */
export function writeFilesAtomic(files: readonly { path: string; data: string | Uint8Array }[]): void {
  for (const { path } of files) {
    if (lstatOrUndefined(path)?.isDirectory()) {
      throw new RunFolderError(`cannot write ${basename(path)} in ${dirname(path)}: a folder of that name is in the way`);
    }
  }
  const temporaries = files.map(({ path }) => `${path}.tmp-${process.pid}`);
  let step = 0;
  try {
    for (; step < files.length; step++) writeFileSync(temporaries[step] as string, (files[step] as { data: string | Uint8Array }).data);
    for (step = 0; step < files.length; step++) renameSync(temporaries[step] as string, (files[step] as { path: string }).path);
  } catch (error) {
    for (const temporary of temporaries) removeQuietly(temporary);
    const failed = files[step]?.path ?? '';
    throw new RunFolderError(`cannot write ${basename(failed)} in ${dirname(failed)}: ${fsReason(error)}`);
  }
}

/** Removes a temporary file of ours if it is there; never a folder, never loudly. */
function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Absent already, or not ours to remove (a folder): either way there is nothing to undo.
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RunFolderError(`cannot write ${basename(path)} in ${dirname(path)}: ${fsReason(error)}`);
  }
}

/** A path as the user should see it: relative to `cwd` when inside it. */
export function displayPath(path: string, cwd: string): string {
  const shown = relative(cwd, path);
  return shown && !shown.startsWith('..') ? shown : path;
}
