import Database from 'better-sqlite3';

/** Rows of a receiver's table (`effects` in effects.db, `tickets` in human-queue.db), for one intention or all: N as the file holds it. */
export function rowsIn(file: string, table: 'effects' | 'tickets', intention?: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const where = intention === undefined ? '' : ' WHERE intention_id = ?';
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}${where}`).get(...(intention === undefined ? [] : [intention])) as { n: number }).n;
  } finally {
    db.close();
  }
}
