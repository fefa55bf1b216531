import Database from 'better-sqlite3';

export type TableRows = Record<string, unknown>[];

/** Every table of the orchestrator's file, row by row: the agent's final view of its work. */
export function readLocalState(orchestratorPath: string): Record<string, TableRows> {
  const db = new Database(orchestratorPath, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as TableRows]),
    );
  } finally {
    db.close();
  }
}
