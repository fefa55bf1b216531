import type { TableResults } from '../results/table-results.js';

export interface ModeDifference {
  protocol: string;
  cut: { index: number; name: string };
  inProcess: number | null;
  kill: number | null;
}

/**
 * Where the two crash modes measured different N for the same case. A case
 * either mode could not judge counts as a difference: agreement must be
 * measured on both sides, never assumed.
 */
export function compareModes(inProcess: TableResults, kill: TableResults): { compared: number; differences: ModeDifference[] } {
  const differences: ModeDifference[] = [];
  for (const cell of inProcess.cells) {
    const twin = kill.cells.find((other) => other.protocol === cell.protocol && other.cut.index === cell.cut.index);
    const killed = twin?.effects ?? null;
    if (cell.effects === null || killed === null || cell.effects !== killed) {
      differences.push({ protocol: cell.protocol, cut: cell.cut, inProcess: cell.effects, kill: killed });
    }
  }
  return { compared: inProcess.cells.length, differences };
}

export function comparisonLines(comparison: { compared: number; differences: ModeDifference[] }): string[] {
  const { compared, differences } = comparison;
  if (differences.length === 0) return [`crash modes agree: ${compared}/${compared} cells have the same N in-process and under SIGKILL.`];
  const shown = (n: number | null) => (n === null ? 'err' : String(n));
  return [
    `crash modes differ on ${differences.length} of ${compared} cells:`,
    ...differences.map(
      (d) => `  ${d.protocol} cut ${d.cut.index} (${d.cut.name}): in-process ${shown(d.inProcess)}, kill ${shown(d.kill)}`,
    ),
  ];
}
