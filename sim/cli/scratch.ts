import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './errors.js';

/** Memory-backed /dev/shm when the machine has it: real files, without paying for a disk's fsync. */
export function defaultScratchParent(): string {
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // No usable /dev/shm: the system's temporary folder will do.
  }
  return tmpdir();
}

/** A private scratch folder under `parent`, and a function that removes it. */
export function createScratch(parent: string): { path: string; remove: () => void } {
  let path: string;
  try {
    path = mkdtempSync(join(parent, 'cutpoint-scratch-'));
  } catch (error) {
    throw new UsageError(`cannot create a scratch folder in ${parent}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
