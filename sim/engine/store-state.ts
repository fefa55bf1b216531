import type { Connection } from './connections.js';
import type { TableRows } from './family.js';

/** Every table of a store, row by row: what the store holds at the end. */
export function readTables(db: Connection): Record<string, TableRows> {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
    name: string;
  }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as TableRows]),
  );
}
