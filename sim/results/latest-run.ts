import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_ID_PATTERN } from './run-folder.js';
import { InputError } from '../engine/input-error.js';
import { fsReason } from './fs-reason.js';
import { readTextFile } from './read-text-file.js';

export class NoRunError extends InputError {}

/**
 * The newest table run under `outDir`: the folder with the greatest run id
 * (ids start with the UTC time, so their order is time order) whose
 * results.json says `"kind": "table"`. Folders of other kinds of run, runs
 * still in progress (no results.json yet) and anything not named like a run
 * id (e.g. test artifacts) are passed over. `label` names outDir in messages.
 */
export function latestTableRun(outDir: string, label = outDir): string {
  let names: string[];
  try {
    names = readdirSync(outDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && RUN_ID_PATTERN.test(entry.name))
      .map((entry) => entry.name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'ENOTDIR' ? 'is not a folder' : `cannot be read (${fsReason(error)})`;
    throw new NoRunError(`runs folder ${label} ${why}; run \`sim table\` first, or name a run folder`);
  }
  for (const name of names.sort().reverse()) {
    if (isTableRun(join(outDir, name))) return join(outDir, name);
  }
  throw new NoRunError(
    `no table run under ${label} (no run folder with a results.json of kind 'table'); run \`sim table\` first, or name a run folder`,
  );
}

function isTableRun(folder: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readTextFile(join(folder, 'results.json')));
    return parsed !== null && typeof parsed === 'object' && (parsed as { kind?: unknown }).kind === 'table';
  } catch {
    // No results.json yet, not a regular file, or not JSON: not a finished table run, so not a candidate.
    return false;
  }
}
