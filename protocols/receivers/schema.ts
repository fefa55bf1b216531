/**
 * The tables every contract shares, added to each receiver's own effect
 * tables. A contract without receipts simply never writes to them.
 */
export const RECEIPT_SCHEMA = `
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
  tenant      TEXT    NOT NULL,
  request_key TEXT    NOT NULL,
  state       TEXT    NOT NULL CHECK (state IN ('accepted', 'completed', 'failed')),
  completions INTEGER NOT NULL DEFAULT 0,
  result      TEXT,
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

/** A receiver's whole schema: its effect tables, then the receipt tables. */
export function receiverSchema(effectSchema: string): string {
  return effectSchema + RECEIPT_SCHEMA;
}
