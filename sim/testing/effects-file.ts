import Database from 'better-sqlite3';

/** Rows of a tool-call receiver's effects table (effects.db) for one intention: N as the file holds it. */
export function effectsFor(effectsDb: string, intention: string): number {
  const db = new Database(effectsDb, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM effects WHERE intention_id = ?').get(intention) as { n: number }).n;
  } finally {
    db.close();
  }
}
