import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onTmpfs, stageCases } from './staged-cases.js';

const shm = existsSync('/dev/shm') && onTmpfs('/dev/shm');
/** A folder on the clone's own disk: tempFolder is on /dev/shm when the machine has it, and this test needs a disk. */
function diskFolder(name: string): string {
  const folder = join(import.meta.dirname, '../../runs/test-artifacts', `${name}-${process.pid}-${Date.now()}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}
const disk = diskFolder('staged');
afterAll(() => rmSync(disk, { recursive: true, force: true }));

describe("a table's cases run on a tmpfs and their files reach the run folder", () => {
  it.skipIf(!shm || onTmpfs(disk))(
    'from a run folder on a disk: the cases run in /dev/shm, settle copies every file and removes the scratch',
    () => {
      const runFolder = join(disk, 'run');
      mkdirSync(runFolder);
      const staged = stageCases(runFolder);
      expect(staged.path.startsWith('/dev/shm/cutpoint-scratch-')).toBe(true);
      mkdirSync(join(staged.path, 'mark-first', 'cut-2'), { recursive: true });
      writeFileSync(join(staged.path, 'mark-first', 'cut-2', 'history.jsonl'), '{"op":"crash"}\n');
      // Nothing reaches the run folder before the table ends.
      expect(existsSync(join(runFolder, 'mark-first'))).toBe(false);
      staged.settle();
      expect(readFileSync(join(runFolder, 'mark-first', 'cut-2', 'history.jsonl'), 'utf8')).toBe('{"op":"crash"}\n');
      expect(existsSync(staged.path)).toBe(false);
    },
  );

  it.skipIf(!shm)('a run folder already on a tmpfs runs in place: nothing to copy', () => {
    const runFolder = join('/dev/shm', `cutpoint-staged-test-${process.pid}`);
    mkdirSync(runFolder);
    try {
      const staged = stageCases(runFolder);
      expect(staged.path).toBe(runFolder);
      writeFileSync(join(runFolder, 'results.json'), '{}');
      staged.settle();
      // Settling a run folder that ran in place leaves it and its files alone.
      expect(readFileSync(join(runFolder, 'results.json'), 'utf8')).toBe('{}');
    } finally {
      rmSync(runFolder, { recursive: true, force: true });
    }
  });
});
