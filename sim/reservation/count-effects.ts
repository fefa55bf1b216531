import Database from 'better-sqlite3';

/**
 * The checker: N(k), the reservation rows warehouse.db holds for each
 * intention, read with a connection of its own after every life has ended.
 */
export function countEffects(warehousePath: string, intentionIds: readonly string[]): Record<string, number> {
  const db = new Database(warehousePath, { readonly: true, fileMustExist: true });
  try {
    const count = db.prepare('SELECT count(*) AS n FROM reservations WHERE intention_id = ?');
    return Object.fromEntries(intentionIds.map((id) => [id, (count.get(id) as { n: number }).n]));
  } finally {
    db.close();
  }
}
