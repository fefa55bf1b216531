import Database from 'better-sqlite3';

/**
 * The reservation rows in a warehouse file, read with a connection of the
 * test's own (readonly), not through the harness's checker: what a test
 * compares with the harness's counts.
 */
export function reservationRows(
  warehousePath: string,
): { tenant: string; request_key: string; intention_id: string; part: string; qty: number }[] {
  const db = new Database(warehousePath, { readonly: true });
  try {
    return db.prepare('SELECT tenant, request_key, intention_id, part, qty FROM reservations ORDER BY id').all() as ReturnType<
      typeof reservationRows
    >;
  } finally {
    db.close();
  }
}

/** N for the reference intention tenantA:reserve42, straight from the file. */
export function referenceEffectsOnDisk(warehousePath: string): number {
  return reservationRows(warehousePath).filter((row) => row.tenant === 'tenantA' && row.request_key === 'reserve42').length;
}
