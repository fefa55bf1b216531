/**
 * The warehouse's tables. Every contract uses the same schema; a contract
 * without receipts simply never writes to `receipts`.
 */
export const WAREHOUSE_SCHEMA = `
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
CREATE TABLE IF NOT EXISTS receipts (
  tenant        TEXT    NOT NULL,
  request_key   TEXT    NOT NULL,
  fingerprint   TEXT    NOT NULL,
  result        TEXT    NOT NULL,
  created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (tenant, request_key)
);
-- the asynchronous contract's operations: accepted now, completed (or failed) later
CREATE TABLE IF NOT EXISTS operations (
  tenant         TEXT    NOT NULL,
  request_key    TEXT    NOT NULL,
  state          TEXT    NOT NULL CHECK (state IN ('accepted', 'completed', 'failed')),
  completions    INTEGER NOT NULL DEFAULT 0,
  reservation_id INTEGER,
  PRIMARY KEY (tenant, request_key)
);
-- the side store of the side-store-lease contract: a lease and a done-marker per key
CREATE TABLE IF NOT EXISTS side_leases (
  tenant      TEXT    NOT NULL,
  request_key TEXT    NOT NULL,
  state       TEXT    NOT NULL CHECK (state IN ('leased', 'done')),
  until_ms    INTEGER NOT NULL,
  result      TEXT,
  PRIMARY KEY (tenant, request_key)
);
`;
