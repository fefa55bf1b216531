import type { BoundaryMismatch, BoundaryRow } from '../sim/results/boundary-rows.js';

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

/** What a `--cuts all` run was judged against, and how it came out: the fields of its results.json. */
export interface BoundaryJudgement {
  rows: readonly BoundaryRow[];
  expected: Readonly<Record<string, readonly number[]>>;
  mismatches: readonly BoundaryMismatch[];
  defaultRows: readonly string[];
  expectFile?: string;
}

/** The verdict lines under the boundary tables: agreement, or each differing boundary, then the rows measured only. */
export function boundaryVerdictLines(judgement: BoundaryJudgement): string[] {
  const { rows, expected, mismatches } = judgement;
  const judged = rows.filter((row) => expected[row.protocol] !== undefined);
  const unjudged = rows.filter((row) => expected[row.protocol] === undefined).map((row) => row.protocol);
  const cells = judged.reduce((sum, row) => sum + row.cells.length, 0);
  const lines: string[] = [];
  const against =
    judgement.expectFile !== undefined
      ? `their expectation (--expect ${judgement.expectFile})`
      : 'N=1, the default row of a protocol with no expected row';
  if (judged.length === 0) lines.push('no expected rows for these protocols: the boundaries are measured only.');
  else if (mismatches.length === 0) lines.push(`${cells}/${cells} boundaries match ${against}.`);
  else {
    lines.push(`${mismatches.length} of ${cells} boundaries differ from their expected N:`);
    for (const m of mismatches) {
      const word = m.measured === 0 ? ' (lost)' : m.measured !== null && m.measured > 1 ? ' (duplicate)' : '';
      lines.push(
        `  ${m.protocol} boundary ${m.boundary.number} (${m.boundary.name.replace('@', ' at ')}): expected ${m.expected}, measured ${m.measured ?? 'err'}${word}`,
      );
    }
    const defaults = new Set(judgement.defaultRows);
    const unstated = [...new Set(mismatches.map((m) => m.protocol))].filter((protocol) => defaults.has(protocol));
    if (unstated.length > 0)
      lines.push(
        `${unstated.join(', ')}: no expected row, so expected right at every boundary; if this is what it should measure, ` +
          'give its row with --expect FILE ({"name": [N per boundary]}), or judge nothing with --measure-only.',
      );
  }
  if (judged.length > 0 && unjudged.length > 0) lines.push(`no expectation for: ${unjudged.join(', ')} (measured only).`);
  return lines;
}
