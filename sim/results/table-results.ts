import { relative } from 'node:path';
import type { FamilyProtocol, TableColumn } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { ColumnMismatch, Mismatch, TableRun } from './table-run.js';
import type { CaseResult } from '../engine/run-case.js';
import type { PolicyCalls, PolicyExercise } from '../engine/policy-exercise.js';
import { combinedVerdict, type Verdict } from '../engine/verdict.js';

/** A case as stored in results.json: file paths relative to the run folder, so the folder can move. */
export type StoredCase = Omit<CaseResult, 'files'> & {
  files: { folder: string; stores: Record<string, string>; history: string };
};

export interface StoredCell {
  protocol: string;
  cut: { index: number; name: string };
  effects: number | null;
  expected: number | null;
  case: StoredCase;
  /** With the handover family's --policy: the calls it was asked and answered in this case; one unanswered makes the cell unknown. */
  policyCalls?: PolicyCalls;
}

/**
 * How a crash was made: an exception that unwinds the attempt, the attempt's
 * process killed with SIGKILL, or (over HTTP) the receiver's server process
 * killed after its commit and before its reply.
 */
export type CrashMode = 'in-process' | 'kill' | 'server-kill';

/** results.json of a table run: the source of truth every report reads. */
export interface TableResults {
  kind: 'table';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  crashMode: CrashMode;
  /** How receivers were reached; absent in results written before transports existed (in-process). */
  transport?: 'in-process' | 'http';
  family: string;
  /** What N counts, in words. */
  counted?: string;
  intention: string;
  /** The family's other columns (absent for a family that shows N only). */
  columns?: TableColumn[];
  protocols: {
    name: string;
    summary: string;
    contract: { name: string; summary: string };
    contracts: Record<string, { name: string; summary: string }>;
  }[];
  cuts: { index: number; name: string; meaning: string }[];
  cells: StoredCell[];
  mismatches: Mismatch[];
  /** The other columns' values compared with an expectation (absent in results written before columns were checked). */
  columnsCompared?: number;
  columnMismatches?: ColumnMismatch[];
  /** Row columns left uncompared: the run crashed at only some cuts, so a row's worst is of a part of it. */
  skippedRowColumns?: string[];
  /** The --expect file whose rows replaced reference rows; absent when every expectation is the reference table's. */
  expectFile?: string;
  /** Protocols judged by the default row (N=1 at every cut, each column within its bound): nobody gave their row. */
  defaultRows?: string[];
  /** The handover family's --policy: how often it was called and answered; absent without --policy. */
  policy?: PolicyExercise;
  /**
   * pass: every expected cell measured as expected and every case judged; fail: some measured value differs;
   * unknown: none differs, but some case could not be judged (or a --policy left a call of a case unanswered, so the
   * harness's fallback decided there). readTableResults also reads the words of older results.json (see readStoredVerdict).
   */
  verdict: Verdict;
  timingsMs: { total: number };
}

export function storeCase(result: CaseResult, runFolder: string): StoredCase {
  const rel = (path: string) => relative(runFolder, path) || '.';
  const { files } = result;
  return {
    ...result,
    ...(result.protocolLog ? { protocolLog: rel(result.protocolLog) } : {}),
    files: {
      folder: rel(files.folder),
      stores: Object.fromEntries(Object.entries(files.stores).map(([store, path]) => [store, rel(path)])),
      history: rel(files.history),
    },
  };
}

export function tableResults(input: {
  run: TableRun;
  runId: string;
  runFolder: string;
  startedAt: string;
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  cutIndexes: readonly number[];
  totalMs: number;
  crashMode?: CrashMode;
  expectFile?: string | undefined;
  defaultRows?: readonly string[];
  transport?: 'in-process' | 'http';
}): TableResults {
  const { run } = input;
  return {
    kind: 'table',
    tool: 'cutpoint',
    runId: input.runId,
    startedAt: input.startedAt,
    crashMode: input.crashMode ?? 'in-process',
    transport: input.transport ?? 'in-process',
    family: input.family.name,
    ...(input.family.counted ? { counted: input.family.counted } : {}),
    intention: run.intention,
    ...(input.family.tableColumns ? { columns: [...input.family.tableColumns] } : {}),
    protocols: input.protocols.map((p) => {
      const contracts = Object.fromEntries(
        Object.entries(input.family.contracts(p)).map(([receiver, contract]) => [
          receiver,
          { name: contract.name, summary: contract.summary },
        ]),
      );
      // The first receiver's contract, as a one-receiver family's reports name it.
      const first = Object.values(contracts)[0] ?? { name: 'none', summary: '' };
      return { name: p.name, summary: p.summary, contract: first, contracts };
    }),
    cuts: input.cutIndexes.map((index) => {
      const cut = input.family.cuts[index];
      return { index, name: cut?.name ?? `cut-${index}`, meaning: cut?.meaning ?? '' };
    }),
    cells: run.cells.map((cell) => ({ ...cell, case: storeCase(cell.case, input.runFolder) })),
    mismatches: run.mismatches,
    columnsCompared: run.columns.compared,
    columnMismatches: run.columns.mismatches,
    ...(run.columns.skippedRowColumns.length > 0 ? { skippedRowColumns: run.columns.skippedRowColumns } : {}),
    ...(input.expectFile === undefined ? {} : { expectFile: input.expectFile }),
    ...(input.defaultRows && input.defaultRows.length > 0 ? { defaultRows: [...input.defaultRows] } : {}),
    verdict: tableVerdict(run),
    timingsMs: { total: input.totalMs },
  };
}

/**
 * A case that could not be judged is unknown, and so is a value it left
 * unmeasured (null); an expected value measured otherwise fails the table.
 */
export function tableVerdict(run: Pick<TableRun, 'cells' | 'mismatches' | 'columns'>): Verdict {
  return combinedVerdict([
    ...run.cells.map((cell): Verdict => (cell.case.error === undefined ? 'pass' : 'unknown')),
    ...[...run.mismatches, ...run.columns.mismatches].map((m): Verdict => (m.measured === null ? 'unknown' : 'fail')),
  ]);
}
