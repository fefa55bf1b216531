import { join } from 'node:path';
import { functionalTaskAsync, functionalTaskExit, functionalTaskSync } from '../../protocols/langgraph/functional-task.js';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { langgraphFamily } from '../../sim/families/langgraph/family.js';
import { runBoundaryRow } from '../../sim/table/cut-discovery.js';

/** One durability mode's row: every boundary the functional example reaches, in order, and N after a crash right after it. */
export interface DurabilityRow {
  durability: string;
  /** N, or null where the case could not count (never in a row that is returned: such a case throws). */
  cells: { boundary: string; n: number | null }[];
}

/**
 * The functional example (entrypoint and task) under each of LangGraph's
 * durability modes, crashed after every boundary it reaches (`--cuts all`):
 * where a crash repeats the email, and how many chances to save it has.
 */
export async function durabilityRows(folder: string): Promise<DurabilityRow[]> {
  const rows: DurabilityRow[] = [];
  for (const protocol of [functionalTaskExit, functionalTaskAsync, functionalTaskSync]) {
    const row = await runBoundaryRow(langgraphFamily as unknown as AnyFamily, protocol, join(folder, protocol.name));
    if (row.error) throw new Error(`${protocol.name}: ${row.error}`);
    const failed = row.cells.find((cell) => cell.case.error);
    if (failed) throw new Error(`${protocol.name} at ${failed.boundary.kind}: ${failed.case.error}`);
    rows.push({
      durability: protocol.durability ?? 'async',
      cells: row.cells.map((cell) => ({ boundary: cell.boundary.kind, n: cell.effects })),
    });
  }
  return rows;
}

/** The rows as the analysis page shows them: a Markdown table, one line per mode. */
export function durabilityTable(rows: readonly DurabilityRow[]): string {
  const lines = rows.map((row) => {
    const twice = row.cells.filter((cell) => (cell.n ?? 0) > 1).length;
    const sequence = row.cells.map((cell) => `${cell.boundary} ${cell.n}`).join(' · ');
    return `| ${row.durability} | ${row.cells.length} | ${twice} | ${sequence} |`;
  });
  return ['| durability | boundaries | N=2 at | N after a crash at each boundary, in order |', '|---|--:|--:|---|', ...lines].join('\n');
}
