import type { TableResults } from '../results/table-results.js';

export interface ModeDifference {
  protocol: string;
  cut: { index: number; name: string };
  /** The family's other column that differs (its header); absent when N differs. */
  column?: string;
  inProcess: number | null;
  kill: number | null;
}

export interface ModeComparison {
  compared: number;
  /** The headers of the family's other columns compared beside N (none for a family that shows N only). */
  columns: string[];
  differences: ModeDifference[];
}

/**
 * Where the two crash modes measured something different for the same case:
 * its N, or a value of the family's other columns (calls against the
 * budget, notices, invariants). A case either mode could not judge counts as
 * a difference: agreement must be measured on both sides, never assumed.
 */
export function compareModes(inProcess: TableResults, kill: TableResults): ModeComparison {
  const differences: ModeDifference[] = [];
  const columns = inProcess.columns ?? [];
  for (const cell of inProcess.cells) {
    const twin = kill.cells.find((other) => other.protocol === cell.protocol && other.cut.index === cell.cut.index);
    const killed = twin?.effects ?? null;
    if (cell.effects === null || killed === null || cell.effects !== killed) {
      differences.push({ protocol: cell.protocol, cut: cell.cut, inProcess: cell.effects, kill: killed });
      continue;
    }
    for (const column of columns) {
      const measured = cell.case.metrics[column.metric] ?? null;
      const underKill = twin?.case.metrics[column.metric] ?? null;
      if (measured !== underKill) {
        differences.push({ protocol: cell.protocol, cut: cell.cut, column: column.header, inProcess: measured, kill: underKill });
      }
    }
  }
  return { compared: inProcess.cells.length, columns: columns.map((column) => column.header), differences };
}

export function comparisonLines(comparison: ModeComparison): string[] {
  const { compared, columns, differences } = comparison;
  const also = columns.length > 0 ? ` and the same ${columns.join(', ')}` : '';
  if (differences.length === 0)
    return [`crash modes agree: ${compared}/${compared} cells have the same N${also} in-process and under SIGKILL.`];
  const shown = (n: number | null) => (n === null ? 'err' : String(n));
  const cells = new Set(differences.map((d) => `${d.protocol}/${d.cut.index}`)).size;
  return [
    `crash modes differ on ${cells} of ${compared} cells:`,
    ...differences.map(
      (d) =>
        `  ${d.protocol} cut ${d.cut.index} (${d.cut.name})${d.column ? ` ${d.column}` : ''}: in-process ${shown(d.inProcess)}, kill ${shown(d.kill)}`,
    ),
  ];
}
