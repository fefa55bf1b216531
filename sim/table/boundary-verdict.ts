import type { BoundaryMismatch, BoundaryRow } from '../results/boundary-rows.js';
import { combinedVerdict, type Verdict } from '../engine/verdict.js';

export type { BoundaryMismatch } from '../results/boundary-rows.js';

/** What `sim table --cuts all` expects of a protocol: one N for every boundary found, or one N per boundary, in the order found. */
export type BoundaryExpectation = number | readonly number[];

export interface BoundaryVerdict {
  /** Expected N per boundary, by protocol; a protocol absent here is measured only. */
  expected: Record<string, number[]>;
  mismatches: BoundaryMismatch[];
  /** pass: every expected boundary measured as expected; fail: some measured N differs; unknown: none differs, but some case could not be judged. */
  verdict: Verdict;
}

/**
 * Judges the rows of a `--cuts all` run. `expectations` gives a protocol's
 * row: one number for every boundary, or one per boundary found (a row of
 * another length is the caller's to have refused: see boundaryRowLength).
 */
export function judgeBoundaryRows(
  rows: readonly BoundaryRow[],
  expectations: Readonly<Record<string, BoundaryExpectation>>,
): BoundaryVerdict {
  const expected: Record<string, number[]> = {};
  const mismatches: BoundaryMismatch[] = [];
  for (const row of rows) {
    const wanted = expectations[row.protocol];
    if (wanted === undefined) continue;
    const values = row.cells.map((_, index) => (typeof wanted === 'number' ? wanted : (wanted[index] ?? 0)));
    expected[row.protocol] = values;
    for (const [index, cell] of row.cells.entries()) {
      const value = values[index] ?? 0;
      if (cell.effects !== value) {
        mismatches.push({
          protocol: row.protocol,
          boundary: { number: cell.boundary.number, name: cell.boundary.name },
          expected: value,
          measured: cell.effects,
        });
      }
    }
  }
  // A row whose fault-free run failed has no cells, and is no more judged than a cell with no count.
  const verdict = combinedVerdict([
    ...rows.map((row): Verdict => (row.error !== undefined || row.cells.some((cell) => cell.effects === null) ? 'unknown' : 'pass')),
    ...mismatches.map((m): Verdict => (m.measured === null ? 'unknown' : 'fail')),
  ]);
  return { expected, mismatches, verdict };
}

/** Whether a row of expectations fits a protocol's boundaries: undefined when it does, else what is wrong, in words. */
export function boundaryRowMisfit(row: BoundaryRow, wanted: BoundaryExpectation | undefined): string | undefined {
  if (wanted === undefined || typeof wanted === 'number' || wanted.length === row.cells.length) return undefined;
  return `row '${row.protocol}' has ${wanted.length} numbers, but --cuts all found ${row.cells.length} boundaries of ${row.protocol}: give one N per boundary, as printed, or one number for every boundary`;
}
