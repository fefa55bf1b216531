import type { Connection } from '../engine/connections.js';

export type TableRows = Record<string, unknown>[];

/** Every table of the orchestrator's store, row by row: the agent's final view of its work. */
export function readLocalState(orchestrator: Connection): Record<string, TableRows> {
  const tables = orchestrator
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, orchestrator.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as TableRows]),
  );
}
