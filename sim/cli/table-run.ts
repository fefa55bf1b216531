import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Protocol } from '../../protocols/types.js';
import { REFERENCE_INTENTION, runTable } from '../../scenarios/reference-table.js';
import { createRunFolder, RunFolderError, writeJsonAtomic } from '../results/run-folder.js';
import { tableResults, type TableResults } from '../results/table-results.js';
import { UsageError } from './errors.js';

export interface TableRunRequest {
  protocols: readonly Protocol[];
  cutIndexes: readonly number[];
  outDir: string;
  cwd: string;
  expected: Readonly<Record<string, readonly number[]>>;
}

/** Creates the run folder, runs every case, writes results.json. Shared by `sim table` and `sim run`. */
export async function executeTableRun(request: TableRunRequest): Promise<{ results: TableResults; runFolder: string; resultsFile: string }> {
  let folder;
  try {
    folder = createRunFolder(resolve(request.cwd, request.outDir));
  } catch (error) {
    if (error instanceof RunFolderError) throw new UsageError(error.message);
    throw error;
  }
  const started = performance.now();
  const run = await runTable({
    protocols: request.protocols,
    cutIndexes: request.cutIndexes,
    runFolder: folder.path,
    expected: request.expected,
  });
  const results = tableResults({
    run,
    runId: folder.runId,
    runFolder: folder.path,
    startedAt: folder.startedAt,
    intention: `${REFERENCE_INTENTION.tenant}:${REFERENCE_INTENTION.key}`,
    protocols: request.protocols,
    cutIndexes: request.cutIndexes,
    totalMs: Math.round(performance.now() - started),
  });
  const resultsFile = join(folder.path, 'results.json');
  writeJsonAtomic(resultsFile, results);
  return { results, runFolder: folder.path, resultsFile };
}
