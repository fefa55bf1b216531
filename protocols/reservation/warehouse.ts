import type Database from 'better-sqlite3';
import { receiverSchema } from '../receivers/schema.js';
import type { EffectOutcome, Receiver, ReceiverRequest } from '../receivers/types.js';
import { applyObjectUpdate, isUpdatePayload, OBJECTS_SCHEMA, sequenceVerdict } from './object-updates.js';
import type { ReservationParams } from './types.js';
import { warehouseRefusal } from './warehouse-refusals.js';

/** The warehouse's effect table: one row per reservation applied. */
export const RESERVATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS reservations (
  id            INTEGER PRIMARY KEY,
  tenant        TEXT    NOT NULL,
  request_key   TEXT    NOT NULL,
  part          TEXT    NOT NULL,
  qty           INTEGER NOT NULL,
  intention_id  TEXT    NOT NULL, -- oracle tag for counting effects; no contract reads it
  applied_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS reservations_by_intention ON reservations (intention_id);
`;

/** The whole warehouse store: the reservations, the reservation objects and the receipt tables every contract shares. */
export const WAREHOUSE_SCHEMA = receiverSchema(RESERVATIONS_SCHEMA + OBJECTS_SCHEMA);

/** The effect itself: one reservation row, whose id is the result a receipt stores. */
export function applyReservation(db: Database.Database, request: ReceiverRequest, nowMs: number): { reservationId: number } {
  const params = request.payload as unknown as ReservationParams;
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(request.tenant, request.key, params.part, params.qty, request.intentionId, nowMs);
  return { reservationId: Number(lastInsertRowid) };
}

/**
 * One request, in the warehouse's order of checks: a numbered update that is
 * early or late is refused first (nothing else is known until its turn), then
 * the warehouse's own refusals, then the effect: a reservation row for every
 * request applied (N counts them), and for an update its object's new state.
 */
function applyRequest(db: Database.Database, request: ReceiverRequest, nowMs: number): EffectOutcome {
  const update = isUpdatePayload(request.payload);
  const outOfTurn = update ? sequenceVerdict(db, request) : undefined;
  if (outOfTurn) return outOfTurn;
  const refusal = warehouseRefusal(request, nowMs);
  if (refusal) return refusal;
  if (update) applyObjectUpdate(db, request);
  return { applied: applyReservation(db, request, nowMs) };
}

/** The reservation family's one receiver: the warehouse, whose effect is a reservation row, unless it refuses the request. */
export const warehouse: Receiver = {
  name: 'warehouse',
  schema: WAREHOUSE_SCHEMA,
  effect: { apply: applyRequest },
  appliedCut: 'effect-applied',
};
