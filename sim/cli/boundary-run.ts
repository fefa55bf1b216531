import { join, resolve } from 'node:path';
import type { Protocol } from '../../protocols/types.js';
import { runBoundaryRow, type BoundaryRow } from '../../scenarios/cut-discovery.js';
import { REFERENCE_INTENTION } from '../../scenarios/reference-table.js';
import { createRunFolder, writeJsonAtomic } from '../results/run-folder.js';
import { storeCase } from '../results/table-results.js';

/** results.json of a `sim table --cuts all` run. */
export interface BoundaryResults {
  kind: 'boundaries';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  intention: string;
  rows: BoundaryRow[];
  verdict: 'measured' | 'error';
}

/** Creates the run folder, discovers and crashes at every boundary of each protocol, writes results.json. */
export async function executeBoundaryRun(
  protocols: readonly Protocol[],
  outDir: string,
  cwd: string,
): Promise<{ results: BoundaryResults; runFolder: string }> {
  const folder = createRunFolder(resolve(cwd, outDir));
  const rows: BoundaryRow[] = [];
  for (const protocol of protocols) {
    const row = await runBoundaryRow(protocol, [REFERENCE_INTENTION], folder.path);
    // Paths in results.json are relative to the run folder, as for every run.
    for (const cell of row.cells) cell.case = { ...cell.case, files: storeCase(cell.case, folder.path).files };
    rows.push(row);
  }
  const results: BoundaryResults = {
    kind: 'boundaries',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    intention: `${REFERENCE_INTENTION.tenant}:${REFERENCE_INTENTION.key}`,
    rows,
    verdict: rows.some((row) => row.cells.some((cell) => cell.effects === null)) ? 'error' : 'measured',
  };
  writeJsonAtomic(join(folder.path, 'results.json'), results);
  return { results, runFolder: folder.path };
}
