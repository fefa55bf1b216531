import { relative } from 'node:path';
import { CLASSIC_CUTS, CLASSIC_CUT_MEANINGS } from '../../protocols/cuts.js';
import type { Protocol } from '../../protocols/types.js';
import type { Mismatch, TableRun } from '../../scenarios/reference-table.js';
import type { CaseResult } from '../reservation/run-case.js';

/** A case as stored in results.json: file paths relative to the run folder, so the folder can move. */
export type StoredCase = Omit<CaseResult, 'files'> & {
  files: { folder: string; orchestrator: string; warehouse: string; history: string };
};

export interface StoredCell {
  protocol: string;
  cut: { index: number; name: string };
  effects: number | null;
  expected: number | null;
  case: StoredCase;
}

/** How a crash was made: an exception that unwinds the attempt, or the attempt's process killed with SIGKILL. */
export type CrashMode = 'in-process' | 'kill';

/** results.json of a table run: the source of truth every report reads. */
export interface TableResults {
  kind: 'table';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  crashMode: CrashMode;
  intention: string;
  protocols: { name: string; summary: string; contract: { name: string; summary: string } }[];
  cuts: { index: number; name: string; meaning: string }[];
  cells: StoredCell[];
  mismatches: Mismatch[];
  /** match: every expected cell measured as expected and every case judged; mismatch: some differ; error: some case could not be judged. */
  verdict: 'match' | 'mismatch' | 'error';
  timingsMs: { total: number };
}

export function storeCase(result: CaseResult, runFolder: string): StoredCase {
  const rel = (path: string) => relative(runFolder, path) || '.';
  const { files } = result;
  return {
    ...result,
    files: {
      folder: rel(files.folder),
      orchestrator: rel(files.orchestrator),
      warehouse: rel(files.warehouse),
      history: rel(files.history),
    },
  };
}

export function tableResults(input: {
  run: TableRun;
  runId: string;
  runFolder: string;
  startedAt: string;
  intention: string;
  protocols: readonly Protocol[];
  cutIndexes: readonly number[];
  totalMs: number;
  crashMode?: CrashMode;
}): TableResults {
  const { run } = input;
  const hasError = run.cells.some((cell) => cell.case.error !== undefined);
  return {
    kind: 'table',
    tool: 'cutpoint',
    runId: input.runId,
    startedAt: input.startedAt,
    crashMode: input.crashMode ?? 'in-process',
    intention: input.intention,
    protocols: input.protocols.map((p) => ({
      name: p.name,
      summary: p.summary,
      contract: { name: p.contract.name, summary: p.contract.summary },
    })),
    cuts: input.cutIndexes.map((index) => {
      const name = CLASSIC_CUTS[index] ?? `cut-${index}`;
      return { index, name, meaning: CLASSIC_CUT_MEANINGS[name as keyof typeof CLASSIC_CUT_MEANINGS] ?? '' };
    }),
    cells: run.cells.map((cell) => ({ ...cell, case: storeCase(cell.case, input.runFolder) })),
    mismatches: run.mismatches,
    verdict: hasError ? 'error' : run.mismatches.length > 0 ? 'mismatch' : 'match',
    timingsMs: { total: input.totalMs },
  };
}
