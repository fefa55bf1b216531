import { join, resolve } from 'node:path';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { runBoundaryRow, type BoundaryRow } from '../table/cut-discovery.js';
import { writeJsonAtomic } from '../results/run-folder.js';
import { openRunFolder } from './run-folder-life.js';
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
  family: AnyFamily,
  protocols: readonly FamilyProtocol[],
  outDir: string,
  cwd: string,
): Promise<{ results: BoundaryResults; runFolder: string }> {
  const folder = openRunFolder(resolve(cwd, outDir), cwd);
  const rows: BoundaryRow[] = [];
  for (const protocol of protocols) {
    const row = await runBoundaryRow(family, protocol, folder.path);
    // Paths in results.json are relative to the run folder, as for every run.
    for (const cell of row.cells) cell.case = { ...cell.case, files: storeCase(cell.case, folder.path).files };
    rows.push(row);
  }
  const results: BoundaryResults = {
    kind: 'boundaries',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    intention: family.tableIntention,
    rows,
    verdict: rows.some((row) => row.cells.some((cell) => cell.effects === null)) ? 'error' : 'measured',
  };
  writeJsonAtomic(join(folder.path, 'results.json'), results);
  return { results, runFolder: folder.path };
}
