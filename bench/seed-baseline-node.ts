/**
 * The seed experiment once more, in plain Node: bench/seed-baseline.py line
 * for line, with better-sqlite3 and nothing of cutpoint. It answers one
 * question in `npm run bench`: how fast can any Node program do what
 * `sim table` does (start, open 30 fresh SQLite files in WAL mode, run 15
 * cases with their crashes and recoveries, count N)? Its time is the floor
 * of the runtime, not of cutpoint's harness. Prints the table and exits 0
 * when it is seed 004's, 1 otherwise.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Db = Database.Database;

const CUTS = ['before-intent', 'intent-recorded', 'effect-applied', 'response-observed', 'confirmed'] as const;
type Cut = (typeof CUTS)[number];
const EXPECTED: Record<string, number[]> = {
  'mark-first': [1, 0, 1, 1, 1],
  'outbox-no-dedup': [1, 1, 2, 2, 1],
  'outbox-dedup': [1, 1, 1, 1, 1],
};
const TENANT = 'tenantA';
const KEY = 'reserve42';

const LOCAL_SCHEMA = `
CREATE TABLE intentions (id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, key TEXT NOT NULL,
  part TEXT NOT NULL, qty INTEGER NOT NULL, status TEXT NOT NULL, UNIQUE (tenant, key));
CREATE TABLE outbox (id INTEGER PRIMARY KEY, intention_id INTEGER NOT NULL, status TEXT NOT NULL);
`;
const WAREHOUSE_SCHEMA = `
CREATE TABLE reservations (id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, request_key TEXT NOT NULL,
  part TEXT NOT NULL, qty INTEGER NOT NULL);
CREATE TABLE receipts (tenant TEXT NOT NULL, request_key TEXT NOT NULL, reply TEXT NOT NULL,
  PRIMARY KEY (tenant, request_key));
`;

/** The process dies at a cut: nothing after it in this attempt runs. */
class Crash extends Error {}

function openStore(path: string): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

function transaction<T>(db: Db, work: (db: Db) => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work(db);
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** The warehouse: a reservation per request, or (with an atomic receipt) one per key. */
function reserve(warehouse: Db, dedup: boolean): string {
  return transaction(warehouse, (db) => {
    if (dedup) {
      const row = db.prepare('SELECT reply FROM receipts WHERE tenant = ? AND request_key = ?').get(TENANT, KEY) as
        { reply: string } | undefined;
      if (row) return row.reply;
    }
    db.prepare("INSERT INTO reservations (tenant, request_key, part, qty) VALUES (?, ?, 'p-1', 1)").run(TENANT, KEY);
    if (dedup) db.prepare("INSERT INTO receipts VALUES (?, ?, 'reserved')").run(TENANT, KEY);
    return 'reserved';
  });
}

/** Record the intention and its outbox row in one transaction, then relay every pending row. */
function outboxLife(local: Db, warehouse: Db, cut: Cut, dedup: boolean, first: boolean): void {
  if (first && cut === 'before-intent') throw new Crash();
  if (local.prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ?').get(TENANT, KEY) === undefined) {
    transaction(local, (db) => {
      const { lastInsertRowid } = db
        .prepare("INSERT INTO intentions (tenant, key, part, qty, status) VALUES (?, ?, 'p-1', 1, 'pending')")
        .run(TENANT, KEY);
      db.prepare("INSERT INTO outbox (intention_id, status) VALUES (?, 'pending')").run(lastInsertRowid);
    });
  }
  if (first && cut === 'intent-recorded') throw new Crash();
  const pending = local.prepare("SELECT id, intention_id FROM outbox WHERE status = 'pending' ORDER BY id").all() as {
    id: number;
    intention_id: number;
  }[];
  for (const row of pending) {
    reserve(warehouse, dedup);
    if (first && (cut === 'effect-applied' || cut === 'response-observed')) throw new Crash();
    transaction(local, (db) => {
      db.prepare("UPDATE intentions SET status = 'done' WHERE id = ?").run(row.intention_id);
      db.prepare("UPDATE outbox SET status = 'sent' WHERE id = ?").run(row.id);
    });
  }
  if (first && cut === 'confirmed') throw new Crash();
}

/** Mark the intention done first, then call the warehouse: a crash in between loses it. */
function markFirstLife(local: Db, warehouse: Db, cut: Cut, first: boolean): void {
  if (first && cut === 'before-intent') throw new Crash();
  if (local.prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ?').get(TENANT, KEY) !== undefined) return;
  transaction(local, (db) =>
    db.prepare("INSERT INTO intentions (tenant, key, part, qty, status) VALUES (?, ?, 'p-1', 1, 'done')").run(TENANT, KEY),
  );
  if (first && cut === 'intent-recorded') throw new Crash();
  reserve(warehouse, false);
  if (first && (cut === 'effect-applied' || cut === 'response-observed' || cut === 'confirmed')) throw new Crash();
}

function runCase(folder: string, protocol: string, cut: Cut): number {
  mkdirSync(folder, { recursive: true });
  const localPath = join(folder, 'orchestrator.db');
  const warehousePath = join(folder, 'warehouse.db');
  for (const [path, schema] of [
    [localPath, LOCAL_SCHEMA],
    [warehousePath, WAREHOUSE_SCHEMA],
  ] as const) {
    const db = openStore(path);
    db.exec(schema);
    db.close();
  }
  let crashed = false;
  for (let life = 0; life < 4; life++) {
    const local = openStore(localPath);
    const warehouse = openStore(warehousePath);
    try {
      if (protocol === 'mark-first') markFirstLife(local, warehouse, cut, life === 0);
      else outboxLife(local, warehouse, cut, protocol === 'outbox-dedup', life === 0);
      break;
    } catch (error) {
      if (!(error instanceof Crash)) throw error;
      crashed = true;
    } finally {
      local.close();
      warehouse.close();
    }
  }
  if (!crashed) throw new Error(`${protocol} at ${cut}: the crash never fired`);
  const checker = new Database(warehousePath);
  try {
    return (
      checker.prepare('SELECT COUNT(*) AS n FROM reservations WHERE tenant = ? AND request_key = ?').get(TENANT, KEY) as { n: number }
    ).n;
  } finally {
    checker.close();
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'cutpoint-seed-baseline-'));
let measured: Record<string, number[]>;
try {
  measured = Object.fromEntries(
    Object.keys(EXPECTED).map((protocol) => [
      protocol,
      CUTS.map((cut, index) => runCase(join(scratch, protocol, String(index)), protocol, cut)),
    ]),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const [protocol, row] of Object.entries(measured)) console.log(`${protocol.padEnd(16)} ${row.join(' ')}`);
process.exitCode = JSON.stringify(measured) === JSON.stringify(EXPECTED) ? 0 : 1;
