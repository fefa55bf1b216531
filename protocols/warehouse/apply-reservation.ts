import type Database from 'better-sqlite3';
import type { ReserveRequest } from '../types.js';

/** The effect itself: one reservation row. Returns its id. */
export function applyReservation(db: Database.Database, request: ReserveRequest, nowMs: number): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(request.tenant, request.key, request.params.part, request.params.qty, request.intentionId, nowMs);
  return Number(lastInsertRowid);
}
