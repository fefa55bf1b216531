import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A scratch folder for one test file, removed when the file's tests end. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `cutpoint-${prefix}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
