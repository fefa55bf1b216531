/**
 * The orchestrator's tables, shared by the built-in protocols.
 *
 * An intention's status is where the agent stands: `pending` (to deliver),
 * `done` (the warehouse answered ok), `failed` (definitively refused),
 * `reconcile` (refused as stale: whether an older attempt took effect must be
 * settled by a lookup or a person). The same (tenant, key, params) presented
 * again is the same intention; the same (tenant, key) with other params is a
 * different intention that reuses a key, which only the warehouse can refuse.
 * An update to a reservation object gets its place among that object's
 * updates (`object_seq`) in the transaction that records it, so the place is
 * the caller's order and the same in every life.
 *
 * The seed's outbox (outbox.ts) writes the intention's identity, status and
 * result and its outbox row; its extensions write the rest in the same
 * transaction: `object`, `op` and `object_seq` (outbox-updates.ts), and
 * `intention_lines` (outbox-lines.ts).
 */
export const LOCAL_SCHEMA = `
CREATE TABLE IF NOT EXISTS intentions (
  id           INTEGER PRIMARY KEY,
  tenant       TEXT    NOT NULL,
  key          TEXT    NOT NULL,
  part         TEXT    NOT NULL,
  qty          INTEGER NOT NULL,
  status       TEXT    NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'reconcile')),
  result       TEXT,
  issued_at_ms INTEGER NOT NULL,
  object       TEXT, -- the reservation object an update changes; NULL for a reservation of its own
  op           TEXT CHECK (op IN ('reserve', 'change-quantity', 'cancel')),
  UNIQUE (tenant, key, part, qty)
);
CREATE TABLE IF NOT EXISTS outbox (
  id              INTEGER PRIMARY KEY,
  intention_id    INTEGER NOT NULL UNIQUE REFERENCES intentions (id),
  status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent')),
  request_key     TEXT    NOT NULL,
  key_life        INTEGER NOT NULL DEFAULT 0,
  lease_owner     TEXT,
  lease_until_ms  INTEGER,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms INTEGER NOT NULL DEFAULT 0,
  object_seq      INTEGER -- an update's place among its object's updates, in the caller's order
);
-- the lines of a request of several lines, each with its key fixed before the first attempt and its own outcome
CREATE TABLE IF NOT EXISTS intention_lines (
  intention_id INTEGER NOT NULL REFERENCES intentions (id),
  line_no      INTEGER NOT NULL,
  line_key     TEXT    NOT NULL,
  part         TEXT    NOT NULL,
  qty          INTEGER NOT NULL,
  status       TEXT    NOT NULL CHECK (status IN ('pending', 'applied', 'refused')),
  result       TEXT,
  PRIMARY KEY (intention_id, line_no)
);
`;
