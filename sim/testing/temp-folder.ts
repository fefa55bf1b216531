import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { defaultScratchParent } from '../process/scratch.js';

/**
 * A scratch folder for one test file, removed when the file's tests end. It
 * lives where sim's own scratch does (memory-backed /dev/shm when the machine
 * has it): the tests' SQLite stores are real files either way, and on a disk
 * each commit's fsync made a file of cases wait on the disk far longer than
 * it computed.
 */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(defaultScratchParent(), `cutpoint-${prefix}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
