import { join, relative } from 'node:path';
import type { Protocol } from '../../protocols/types.js';
import { runBoundaryRow, type BoundaryRow } from '../../scenarios/cut-discovery.js';
import { REFERENCE_INTENTION } from '../../scenarios/reference-table.js';
import { writeJsonAtomic } from '../results/run-folder.js';
import { openRunFolder } from './open-run-folder.js';

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
  const folder = openRunFolder(outDir, cwd);
  const rows: BoundaryRow[] = [];
  for (const protocol of protocols) {
    const row = await runBoundaryRow(protocol, [REFERENCE_INTENTION], folder.path);
    // Paths in results.json are relative to the run folder, as for every run.
    for (const cell of row.cells) {
      const files = cell.case.files;
      cell.case.files = {
        folder: relative(folder.path, files.folder),
        orchestrator: relative(folder.path, files.orchestrator),
        warehouse: relative(folder.path, files.warehouse),
        history: relative(folder.path, files.history),
      };
    }
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
