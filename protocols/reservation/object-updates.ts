import type Database from 'better-sqlite3';
import type { EffectOutcome, ReceiverRequest } from '../receivers/types.js';
import type { ObjectUpdate } from './types.js';

/**
 * The warehouse's refusal of an update that arrives before its predecessor:
 * transient, since the predecessor is still on its way, and a sender must
 * not give up on it (it is not the warehouse's stock that is missing).
 */
export const OUT_OF_ORDER = 'out-of-order';
/** The refusal of a numbered update whose place was already taken by another key: it can never apply. */
export const SUPERSEDED = 'superseded';

/** The state of each reservation object, as its updates left it. */
export const OBJECTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS reservation_objects (
  tenant   TEXT    NOT NULL,
  object   TEXT    NOT NULL,
  state    TEXT    NOT NULL CHECK (state IN ('reserved', 'cancelled')),
  part     TEXT    NOT NULL,
  qty      INTEGER NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0, -- the place of the last numbered update applied
  PRIMARY KEY (tenant, object)
);
`;

/** An update as it travels in a request's payload. */
export interface UpdatePayload {
  part: string;
  qty: number;
  update: ObjectUpdate;
  seq?: number;
}

export function isUpdatePayload(payload: unknown): payload is UpdatePayload {
  return payload !== null && typeof payload === 'object' && 'update' in payload;
}

/**
 * Where a numbered update stands against its object: next (apply it), early
 * (its predecessor has not arrived: refuse for now), or late (its place is
 * taken: refuse for good). An unnumbered update is always next: it is applied
 * as it arrives, whatever came before it.
 */
export function sequenceVerdict(db: Database.Database, request: ReceiverRequest): EffectOutcome | undefined {
  const { update, seq } = request.payload as unknown as UpdatePayload;
  if (seq === undefined) return undefined;
  const row = db
    .prepare('SELECT last_seq AS lastSeq FROM reservation_objects WHERE tenant = ? AND object = ?')
    .get(request.tenant, update.object) as { lastSeq: number } | undefined;
  const expected = (row?.lastSeq ?? 0) + 1;
  if (seq > expected) return { refused: OUT_OF_ORDER, definitive: false };
  if (seq < expected) return { refused: SUPERSEDED, definitive: true };
  return undefined;
}

/**
 * Applies an update to its object: every update writes the object's whole
 * state (reserved with a quantity, or cancelled), so the last one applied is
 * what the object is. Only the sequence check in front of it keeps "last
 * applied" equal to "last in the caller's order".
 */
export function applyObjectUpdate(db: Database.Database, request: ReceiverRequest): void {
  const { part, qty, update, seq } = request.payload as unknown as UpdatePayload;
  const state = update.op === 'cancel' ? 'cancelled' : 'reserved';
  db.prepare(
    `INSERT INTO reservation_objects (tenant, object, state, part, qty, last_seq) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (tenant, object) DO UPDATE SET state = excluded.state, qty = excluded.qty,
       last_seq = max(reservation_objects.last_seq, excluded.last_seq)`,
  ).run(request.tenant, update.object, state, part, update.op === 'cancel' ? 0 : qty, seq ?? 0);
}
