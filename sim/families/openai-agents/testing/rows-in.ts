import Database from 'better-sqlite3';

/** N as a receiver's own file holds it: the rows of `table` (`effects` or `tickets`), for one intention when it is given. */
export function rowsIn(file: string | undefined, table: 'effects' | 'tickets', intention?: string): number {
  const db = new Database(file ?? '', { readonly: true });
  try {
    const where = intention === undefined ? '' : ' WHERE intention_id = ?';
    const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table}${where}`).get(...(intention === undefined ? [] : [intention]));
    return (row as { n: number }).n;
  } finally {
    db.close();
  }
}
