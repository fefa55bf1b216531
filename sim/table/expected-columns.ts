import type { ColumnBound, ExpectedColumns, TableColumn } from '../engine/family.js';
import type { ColumnComparison, ColumnMismatch } from '../results/table-run.js';

export type { ColumnComparison, ColumnMismatch } from '../results/table-run.js';

export type { ExpectedColumns };

/** What a column check needs of a measured cell: its protocol, cut and the case's metrics (absent when it was not judged). */
export interface MeasuredCell {
  protocol: string;
  cut: { index: number; name: string };
  metrics: Readonly<Record<string, number>> | null;
}

/**
 * Compares every expected column value with the cases' metrics, the same way
 * for every family: a per-cut column cell by cell, a per-row column as the
 * largest value over the row, and only when the row has every cut of the
 * family. A metric a case did not record counts 0, as the table prints it.
 * The rows of `bounded` protocols are then held to each column's bound
 * wherever their expected row names no value for it.
 */
export function compareColumns(
  cells: readonly MeasuredCell[],
  columns: readonly TableColumn[],
  expected: ExpectedColumns,
  familyCuts: number,
  bounded: readonly string[] = [],
): ColumnComparison {
  const mismatches: ColumnMismatch[] = [];
  const skipped = new Set<string>();
  let compared = 0;
  const value = (cell: MeasuredCell, metric: string) => (cell.metrics === null ? null : (cell.metrics[metric] ?? 0));
  for (const protocol of new Set(bounded)) {
    const mine = cells.filter((cell) => cell.protocol === protocol);
    for (const column of columns) {
      if (column.bound === undefined || expected[protocol]?.[column.header] !== undefined || mine.length === 0) continue;
      const judged = column.per === 'cut' ? mine.map((cell) => [cell]) : [mine];
      for (const group of judged) {
        compared++;
        const broken = boundBroken(group, column, column.bound, value);
        if (broken) mismatches.push({ protocol, column: column.header, ...broken });
      }
    }
  }
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

/**
 * Whether a group of cases (one cell, or a whole row for a per-row column,
 * judged by its worst) breaks a column's bound: the mismatch to report, or
 * undefined. A case that could not be judged breaks nothing here: it is
 * already an error of the table.
 */
function boundBroken(
  group: readonly MeasuredCell[],
  column: TableColumn,
  bound: ColumnBound,
  value: (cell: MeasuredCell, metric: string) => number | null,
): Omit<ColumnMismatch, 'protocol' | 'column'> | undefined {
  const judged = group.filter((cell) => cell.metrics !== null);
  if (judged.length === 0) return undefined;
  const where = column.per === 'cut' && judged[0] ? { cut: judged[0].cut } : {};
  const measured = Math.max(...judged.map((cell) => value(cell, column.metric) ?? 0));
  if ('exactly' in bound) return measured === bound.exactly ? undefined : { ...where, expected: bound.exactly, measured };
  if ('atMost' in bound) return measured <= bound.atMost ? undefined : { ...where, expected: bound.atMost, measured, atMost: true };
  // Each case against its own limit: the worst case that spends more than its own.
  const over = judged
    .map((cell) => ({ measured: value(cell, column.metric) ?? 0, limit: value(cell, bound.atMostMetric) ?? 0 }))
    .filter((pair) => pair.measured > pair.limit)
    .sort((a, b) => b.measured - b.limit - (a.measured - a.limit))[0];
  return over ? { ...where, expected: over.limit, measured: over.measured, atMost: true, boundMetric: bound.atMostMetric } : undefined;
}
