import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../engine/input-error.js';
import { errorCode, fsReason } from './fs-reason.js';

/** Linux's limits: NAME_MAX bytes for one name, PATH_MAX (less its terminating NUL) for a whole path. */
const NAME_BYTES_MAX = 255;
const PATH_BYTES_MAX = 4095;
/** At most this many missing folders are created for one path: more is a typo, not a layout. */
export const NEW_LEVELS_MAX = 32;

export class FolderError extends InputError {}

/**
 * Makes sure `path` (absolute) is a folder we can write into, creating the
 * missing levels one at a time. Node's `mkdirSync(path, { recursive: true })`
 * loops forever where the file system answers ENOENT for a parent that
 * exists (try `/proc/x`), so the walk is ours and bounded: lengths are checked
 * before the disk is touched, the nearest existing parent is found by going
 * up at most NEW_LEVELS_MAX levels, it must be a writable folder, and only
 * then is each missing level made. Every problem is a FolderError whose
 * message names `what` (e.g. "output folder runs/x") and says what is
 * in the way; nothing is created when a check fails.
 */
export function ensureFolder(path: string, what: string): void {
  const fail = (why: string): never => {
    throw new FolderError(`cannot create ${what}: ${why}`);
  };
  if (Buffer.byteLength(path) > PATH_BYTES_MAX) fail(`the path is longer than ${PATH_BYTES_MAX} bytes; choose a shorter one`);
  const long = path.split('/').find((name) => Buffer.byteLength(name) > NAME_BYTES_MAX);
  if (long !== undefined) fail(`the name '${long.slice(0, 24)}…' is longer than ${NAME_BYTES_MAX} bytes, too long for a file name`);

  const missing: string[] = [];
  let existing = path;
  for (;;) {
    const found = statOrMissing(existing, fail);
    if (found === 'folder') break;
    if (found === 'other') fail(`${existing} is a file, not a folder; choose another path`);
    if (missing.length === NEW_LEVELS_MAX)
      fail(`more than ${NEW_LEVELS_MAX} of its folders are missing; create some first or check the path`);
    missing.unshift(basename(existing));
    existing = dirname(existing);
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch (error) {
    fail(`${existing} is not writable (${fsReason(error)})`);
  }
  for (const name of missing) {
    existing = join(existing, name);
    try {
      mkdirSync(existing);
    } catch (error) {
      // Another process may have made it meanwhile: a folder is what we wanted.
      if (errorCode(error) === 'EEXIST' && statOrMissing(existing, fail) === 'folder') continue;
      // ENOENT for a folder whose parent exists: the file system (e.g. /proc) makes no folders there.
      if (errorCode(error) === 'ENOENT') fail(`this file system allows no new folder at ${existing}`);
      fail(`${existing}: ${fsReason(error)}`);
    }
  }
}

/**
 * What is at `path`: a folder (symbolic links followed), something else, or
 * nothing yet. ENOTDIR means a parent is a file: that is found as 'other'
 * one level up, so it counts as missing here.
 */
function statOrMissing(path: string, fail: (why: string) => never): 'folder' | 'other' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    return fail(`cannot look at ${path} (${fsReason(error)})`);
  }
}
