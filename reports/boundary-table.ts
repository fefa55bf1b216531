import type { BoundaryRow } from '../sim/table/cut-discovery.js';

/**
 * One protocol's discovered boundaries as a table: one column per boundary
 * (numbered in the order a fault-free run reached them), the measured N
 * under each, then a legend naming each column and its source line.
 */
export function boundaryTable(row: BoundaryRow, intention: string): string {
  if (row.error !== undefined) return `${row.protocol}: not judged: ${row.error}`;
  const header = ['boundary', ...row.cells.map((cell) => String(cell.boundary.number))];
  const values = ['N', ...row.cells.map((cell) => (cell.effects === null ? 'err' : String(cell.effects)))];
  const widths = header.map((head, column) => Math.max(head.length, (values[column] ?? '').length));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : '-'.repeat(width + 1) + ':')).join('|')}|`;
  const legend = row.cells.map((cell) => {
    const b = cell.boundary;
    const alias = b.classic === null ? '' : ` (classic cut ${b.classic})`;
    const marker =
      cell.effects === null
        ? '  <- not judged: ' + (cell.case.error ?? '')
        : cell.effects === 1
          ? ''
          : cell.effects === 0
            ? '  <- lost'
            : '  <- duplicate';
    return `  ${String(b.number).padStart(2)}  ${b.kind}${alias} at ${b.site}${marker}`;
  });
  return [
    `${row.protocol}: ${row.boundaries.length} boundaries found in a fault-free run, crash after each, N for ${intention}`,
    line(header),
    rule,
    line(values),
    ...legend,
  ].join('\n');
}
