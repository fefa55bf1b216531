import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from './interrupt.js';
import { fsReason } from '../results/fs-reason.js';
import { InputError } from '../engine/input-error.js';

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

/** A private scratch folder under `parent`, and a function that removes it; an interruption removes it too. */
export function createScratch(parent: string): { path: string; remove: () => void } {
  let path: string;
  try {
    path = mkdtempSync(join(parent, 'cutpoint-scratch-'));
  } catch (error) {
    throw new InputError(`cannot create a scratch folder in ${parent}: ${fsReason(error)}`);
  }
  const removeNow = () => rmSync(path, { recursive: true, force: true });
  // Ctrl-C or SIGTERM must not leave the folder behind (in /dev/shm it holds memory until the next boot).
  const forget = onInterrupt(() => {
    removeNow();
    return `scratch folder ${path} removed`;
  });
  return {
    path,
    remove: () => {
      forget();
      removeNow();
    },
  };
}
