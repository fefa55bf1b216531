import type { CaseResult } from '../engine/run-case.js';

/*
 * What a table run measured, cell by cell, before it is stored: the runner
 * (sim/table) makes it; results.json, the reports and JUnit read it.
 */

export interface TableCell {
  protocol: string;
  cut: { index: number; name: string };
  /** Measured N for the family's table intention; null when the case could not be judged. */
  effects: number | null;
  /** The expected N, when an expectation exists for this protocol. */
  expected: number | null;
  case: CaseResult;
}

export interface Mismatch {
  protocol: string;
  cut: { index: number; name: string };
  expected: number;
  measured: number | null;
}

export interface TableRun {
  /** The intention whose N fills each cell. */
  intention: string;
  cells: TableCell[];
  mismatches: Mismatch[];
  /** The family's other columns against their expected values (none compared when nothing is expected of them). */
  columns: ColumnComparison;
}

/** A column value that differs from its expectation: at one cut, or (no cut) the worst of a row. */
export interface ColumnMismatch {
  protocol: string;
  column: string;
  cut?: { index: number; name: string };
  expected: number;
  measured: number | null;
  /** Set when the value broke the column's bound rather than an expected value: `expected` is then the most it may be. */
  atMost?: true;
  /** The metric of the same case the bound is (the plan's budget_calls), when it is one. */
  boundMetric?: string;
}

export interface ColumnComparison {
  /** Column values that had an expectation and were compared. */
  compared: number;
  mismatches: ColumnMismatch[];
  /** Row columns not compared because the run crashed at only some of the family's cuts (their worst would be of a part). */
  skippedRowColumns: string[];
}
