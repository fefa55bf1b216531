import { join, resolve } from 'node:path';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { Verdict } from '../engine/verdict.js';
import { runBoundaryRow, type BoundaryRow } from '../table/cut-discovery.js';
import { cellIntention } from '../table/run-table.js';
import { boundaryRowMisfit, judgeBoundaryRows, type BoundaryExpectation, type BoundaryMismatch } from '../table/boundary-verdict.js';
import { writeJsonAtomic } from '../results/run-folder.js';
import { openRunFolder } from '../app/run-folder-life.js';
import { storeCase } from '../results/table-results.js';
import { UsageError } from './errors.js';

/** results.json of a `sim table --cuts all` run. */
export interface BoundaryResults {
  kind: 'boundaries';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  intention: string;
  rows: BoundaryRow[];
  /** Expected N per boundary, by protocol; a protocol absent here was measured only. */
  expected: Record<string, number[]>;
  mismatches: BoundaryMismatch[];
  /** Protocols expected right (N=1 at every boundary) because no row names them. */
  defaultRows: string[];
  /** --expect's file, when rows came from one. */
  expectFile?: string;
  verdict: Verdict;
}

/** What a `--cuts all` run expects: a row per protocol (one N, or one per boundary), the protocols among them held right by default, and the file they came from. */
export interface BoundaryExpectations {
  rows: Readonly<Record<string, BoundaryExpectation>>;
  defaultRows: readonly string[];
  expectFile?: string | undefined;
}

/** Creates the run folder, discovers and crashes at every boundary of each protocol, judges each row, writes results.json. */
export async function executeBoundaryRun(
  family: AnyFamily,
  protocols: readonly FamilyProtocol[],
  expectations: BoundaryExpectations,
  outDir: string,
  cwd: string,
): Promise<{ results: BoundaryResults; runFolder: string }> {
  const folder = openRunFolder(resolve(cwd, outDir), cwd);
  const rows: BoundaryRow[] = [];
  for (const protocol of protocols) {
    const row = await runBoundaryRow(family, protocol, folder.path);
    // How many boundaries a protocol has is known only now: a row of --expect that does not fit stops the run here.
    const misfit = boundaryRowMisfit(row, expectations.rows[protocol.name]);
    if (misfit) throw new UsageError(`--expect file ${expectations.expectFile ?? ''}: ${misfit}`);
    // Paths in results.json are relative to the run folder, as for every run.
    for (const cell of row.cells) cell.case = { ...cell.case, files: storeCase(cell.case, folder.path).files };
    rows.push(row);
  }
  const judged = judgeBoundaryRows(rows, expectations.rows);
  const results: BoundaryResults = {
    kind: 'boundaries',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    intention: [...new Set(protocols.map((protocol) => cellIntention(family, family.protocolWorkload?.(protocol))))].join(', '),
    rows,
    expected: judged.expected,
    mismatches: judged.mismatches,
    defaultRows: expectations.defaultRows.filter((name) => judged.expected[name] !== undefined),
    ...(expectations.expectFile === undefined ? {} : { expectFile: expectations.expectFile }),
    verdict: judged.verdict,
  };
  writeJsonAtomic(join(folder.path, 'results.json'), results);
  return { results, runFolder: folder.path };
}
