/**
 * The orchestrator's tables, shared by the built-in protocols. An intention's
 * status is where the agent stands: `pending` (to deliver), `done` (the
 * warehouse answered ok), `failed` (definitively refused), `reconcile` (the
 * outcome must be settled with the warehouse by hand or by lookup).
 */
export const LOCAL_SCHEMA = `
CREATE TABLE IF NOT EXISTS intentions (
  tenant       TEXT    NOT NULL,
  key          TEXT    NOT NULL,
  part         TEXT    NOT NULL,
  qty          INTEGER NOT NULL,
  status       TEXT    NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'reconcile')),
  result       TEXT,
  issued_at_ms INTEGER NOT NULL,
  PRIMARY KEY (tenant, key)
);
CREATE TABLE IF NOT EXISTS outbox (
  id              INTEGER PRIMARY KEY,
  tenant          TEXT    NOT NULL,
  key             TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent')),
  lease_owner     TEXT,
  lease_until_ms  INTEGER,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms INTEGER NOT NULL DEFAULT 0,
  UNIQUE (tenant, key)
);
`;
