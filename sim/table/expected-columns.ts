import type { TableColumn } from '../engine/family.js';

/**
 * What a family's other columns must show, per protocol, by column header:
 * `{"reference-harness": {"n": [1, 1, 1, 1, 1], "replies": 0}}`. A `per:
 * 'cut'` column expects one value per classic cut (in the family's order), a
 * `per: 'row'` column one number, the worst over the row. A header left out
 * is measured only.
 */
export type ExpectedColumns = Readonly<Record<string, Readonly<Record<string, number | readonly number[]>>>>;

/** A column value that differs from its expectation: at one cut, or (no cut) the worst of a row. */
export interface ColumnMismatch {
  protocol: string;
  column: string;
  cut?: { index: number; name: string };
  expected: number;
  measured: number | null;
}

/** What a column check needs of a measured cell: its protocol, cut and the case's metrics (absent when it was not judged). */
export interface MeasuredCell {
  protocol: string;
  cut: { index: number; name: string };
  metrics: Readonly<Record<string, number>> | null;
}

export interface ColumnComparison {
  /** Column values that had an expectation and were compared. */
  compared: number;
  mismatches: ColumnMismatch[];
  /** Row columns not compared because the run crashed at only some of the family's cuts (their worst would be of a part). */
  skippedRowColumns: string[];
}

/**
 * Compares every expected column value with the cases' metrics, the same way
 * for every family: a per-cut column cell by cell, a per-row column as the
 * largest value over the row, and only when the row has every cut of the
 * family. A metric a case did not record counts 0, as the table prints it.
 */
export function compareColumns(
  cells: readonly MeasuredCell[],
  columns: readonly TableColumn[],
  expected: ExpectedColumns,
  familyCuts: number,
): ColumnComparison {
  const mismatches: ColumnMismatch[] = [];
  const skipped = new Set<string>();
  let compared = 0;
  const value = (cell: MeasuredCell, metric: string) => (cell.metrics === null ? null : (cell.metrics[metric] ?? 0));
  for (const [protocol, row] of Object.entries(expected)) {
    const mine = cells.filter((cell) => cell.protocol === protocol);
    if (mine.length === 0) continue;
    for (const column of columns) {
      const wanted = row[column.header];
      if (wanted === undefined) continue;
      if (column.per === 'cut') {
        for (const cell of mine) {
          const expectedValue = typeof wanted === 'number' ? wanted : wanted[cell.cut.index];
          if (expectedValue === undefined) continue;
          compared++;
          const measured = value(cell, column.metric);
          if (measured !== expectedValue)
            mismatches.push({ protocol, column: column.header, cut: cell.cut, expected: expectedValue, measured });
        }
        continue;
      }
      if (typeof wanted !== 'number') continue;
      if (new Set(mine.map((cell) => cell.cut.index)).size < familyCuts) {
        skipped.add(column.header);
        continue;
      }
      compared++;
      const values = mine.map((cell) => value(cell, column.metric));
      const measured = values.includes(null) ? null : Math.max(...(values as number[]));
      if (measured !== wanted) mismatches.push({ protocol, column: column.header, expected: wanted, measured });
    }
  }
  return { compared, mismatches, skippedRowColumns: [...skipped] };
}
