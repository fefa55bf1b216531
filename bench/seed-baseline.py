"""The seed experiment, written again in Python with nothing but the standard library.

An independent baseline for `sim table` in `npm run bench`: the three seed
protocols crashed at each of the five classic cuts (15 cases), each case on
two fresh SQLite files (the agent's orchestrator.db and the warehouse.db) in
WAL mode with synchronous=NORMAL, as cutpoint opens its stores. A crash is an
exception that unwinds the attempt; recovery opens fresh connections, a
caller re-presents an intention it never recorded, and the relay resends what
is still pending. N is counted from warehouse.db with a connection of its own.
Prints the table and exits 0 when it is seed 004's, 1 otherwise.
"""

import os
import shutil
import sqlite3
import sys
import tempfile

CUTS = ["before-intent", "intent-recorded", "effect-applied", "response-observed", "confirmed"]
EXPECTED = {
    "mark-first": [1, 0, 1, 1, 1],
    "outbox-no-dedup": [1, 1, 2, 2, 1],
    "outbox-dedup": [1, 1, 1, 1, 1],
}
TENANT, KEY = "tenantA", "reserve42"

LOCAL_SCHEMA = """
CREATE TABLE intentions (id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, key TEXT NOT NULL,
  part TEXT NOT NULL, qty INTEGER NOT NULL, status TEXT NOT NULL, UNIQUE (tenant, key));
CREATE TABLE outbox (id INTEGER PRIMARY KEY, intention_id INTEGER NOT NULL, status TEXT NOT NULL);
"""
WAREHOUSE_SCHEMA = """
CREATE TABLE reservations (id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, request_key TEXT NOT NULL,
  part TEXT NOT NULL, qty INTEGER NOT NULL);
CREATE TABLE receipts (tenant TEXT NOT NULL, request_key TEXT NOT NULL, reply TEXT NOT NULL,
  PRIMARY KEY (tenant, request_key));
"""


class Crash(Exception):
    """The process dies at a cut: nothing after it in this attempt runs."""


def open_store(path):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def transaction(db, work):
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
        db.execute("COMMIT")
        return result
    except BaseException:
        db.execute("ROLLBACK")
        raise


def reserve(warehouse, dedup):
    """The warehouse: a reservation per request, or (with an atomic receipt) one per key."""

    def apply(db):
        if dedup:
            row = db.execute("SELECT reply FROM receipts WHERE tenant = ? AND request_key = ?", (TENANT, KEY)).fetchone()
            if row:
                return row[0]
        db.execute("INSERT INTO reservations (tenant, request_key, part, qty) VALUES (?, ?, 'p-1', 1)", (TENANT, KEY))
        if dedup:
            db.execute("INSERT INTO receipts VALUES (?, ?, 'reserved')", (TENANT, KEY))
        return "reserved"

    return transaction(warehouse, apply)


def outbox_life(local, warehouse, cut, dedup, first):
    """Record the intention and its outbox row in one transaction, then relay every pending row."""
    if first and cut == "before-intent":
        raise Crash()
    if local.execute("SELECT 1 FROM intentions WHERE tenant = ? AND key = ?", (TENANT, KEY)).fetchone() is None:

        def record(db):
            cursor = db.execute("INSERT INTO intentions (tenant, key, part, qty, status) VALUES (?, ?, 'p-1', 1, 'pending')", (TENANT, KEY))
            db.execute("INSERT INTO outbox (intention_id, status) VALUES (?, 'pending')", (cursor.lastrowid,))

        transaction(local, record)
    if first and cut == "intent-recorded":
        raise Crash()
    for row_id, intention in local.execute("SELECT id, intention_id FROM outbox WHERE status = 'pending' ORDER BY id").fetchall():
        reserve(warehouse, dedup)
        if first and cut == "effect-applied":
            raise Crash()
        if first and cut == "response-observed":
            raise Crash()

        def confirm(db):
            db.execute("UPDATE intentions SET status = 'done' WHERE id = ?", (intention,))
            db.execute("UPDATE outbox SET status = 'sent' WHERE id = ?", (row_id,))

        transaction(local, confirm)
    if first and cut == "confirmed":
        raise Crash()


def mark_first_life(local, warehouse, cut, first):
    """Mark the intention done first, then call the warehouse: a crash in between loses it."""
    if first and cut == "before-intent":
        raise Crash()
    if local.execute("SELECT 1 FROM intentions WHERE tenant = ? AND key = ?", (TENANT, KEY)).fetchone() is not None:
        return
    transaction(local, lambda db: db.execute("INSERT INTO intentions (tenant, key, part, qty, status) VALUES (?, ?, 'p-1', 1, 'done')", (TENANT, KEY)))
    if first and cut == "intent-recorded":
        raise Crash()
    reserve(warehouse, dedup=False)
    if first and cut in ("effect-applied", "response-observed", "confirmed"):
        raise Crash()


def run_case(folder, protocol, cut):
    os.makedirs(folder)
    local_path, warehouse_path = os.path.join(folder, "orchestrator.db"), os.path.join(folder, "warehouse.db")
    for path, schema in ((local_path, LOCAL_SCHEMA), (warehouse_path, WAREHOUSE_SCHEMA)):
        db = open_store(path)
        db.executescript(schema)
        db.close()
    crashed = False
    for life in range(4):
        local, warehouse = open_store(local_path), open_store(warehouse_path)
        try:
            if protocol == "mark-first":
                mark_first_life(local, warehouse, cut, life == 0)
            else:
                outbox_life(local, warehouse, cut, protocol == "outbox-dedup", life == 0)
            break
        except Crash:
            crashed = True
        finally:
            local.close()
            warehouse.close()
    if not crashed:
        raise RuntimeError(f"{protocol} at {cut}: the crash never fired")
    checker = sqlite3.connect(warehouse_path)
    try:
        return checker.execute("SELECT COUNT(*) FROM reservations WHERE tenant = ? AND request_key = ?", (TENANT, KEY)).fetchone()[0]
    finally:
        checker.close()


def main():
    scratch = tempfile.mkdtemp(prefix="cutpoint-seed-baseline-")
    try:
        measured = {p: [run_case(os.path.join(scratch, p, str(i)), p, cut) for i, cut in enumerate(CUTS)] for p in EXPECTED}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for protocol, row in measured.items():
        print(f"{protocol:<16} {' '.join(str(n) for n in row)}")
    return 0 if measured == EXPECTED else 1


if __name__ == "__main__":
    sys.exit(main())
