import { resolve } from 'node:path';
import { createRunFolder, RunFolderError, type RunFolder } from '../results/run-folder.js';
import { UsageError } from './errors.js';

/** Creates the run folder under --out (relative to the user's folder); an unusable --out is bad input. */
export function openRunFolder(out: string, cwd: string): RunFolder {
  try {
    return createRunFolder(resolve(cwd, out));
  } catch (error) {
    if (error instanceof RunFolderError) throw new UsageError(error.message);
    throw error;
  }
}
