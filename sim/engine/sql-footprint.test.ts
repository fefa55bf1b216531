import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { conflicts, type Access, type Footprint } from './footprint.js';
import { accessesOf, statementShape } from './sql-footprint.js';
import { traceStatements } from './statement-trace.js';

const step = (sql: string, params: unknown[] = []): Footprint => {
  const shape = statementShape(sql);
  if (shape.kind === 'opaque') return { opaque: true, accesses: [] };
  return { opaque: false, accesses: shape.kind === 'none' ? [] : accessesOf(shape, 'orchestrator.db', params) };
};

describe('statement footprints', () => {
  it('tells rows apart by their keys, and sees an UPDATE both where it finds a row and where it leaves it', () => {
    const claim1 = step('UPDATE outbox SET lease_owner = ?, attempts = attempts + 1 WHERE id = ?', ['relay-1', 1]);
    const claim2 = step('UPDATE outbox SET lease_owner = ?, attempts = attempts + 1 WHERE id = ?', ['relay-2', 2]);
    expect(conflicts(claim1, claim2)).toBe(false);
    expect(conflicts(claim1, step('SELECT 1 FROM outbox WHERE id = ?', [1]))).toBe(true);
    expect(conflicts(claim1, step('SELECT 1 FROM outbox WHERE id = ?', ['1']))).toBe(true);
    const sent = step(`UPDATE outbox SET status = 'sent', lease_owner = NULL WHERE id = ?`, [2]);
    expect(conflicts(sent, step(`SELECT count(*) FROM outbox WHERE status = 'sent'`))).toBe(true);
    expect(conflicts(sent, step(`SELECT count(*) FROM outbox WHERE status = 'sent' AND id = ?`, [3]))).toBe(false);
    // The parameter of the WHERE clause is the second ?, after the SET clause's.
    expect(conflicts(step('UPDATE outbox SET id = ? WHERE id = ?', [9, 4]), step('SELECT 1 FROM outbox WHERE id = ?', [4]))).toBe(true);
  });

  it('widens what it cannot read for certain: inserts, joins, OR, several tables, other verbs', () => {
    const insert = step(`INSERT INTO intentions (tenant, key) VALUES (?, ?)`, ['a', 'k1']);
    expect(conflicts(insert, step('SELECT id FROM intentions WHERE tenant = ? AND key = ?', ['b', 'k2']))).toBe(true);
    const join = step('SELECT 1 FROM outbox o JOIN intentions i ON i.id = o.intention_id WHERE o.id = ?', [1]);
    expect(conflicts(join, step('UPDATE intentions SET status = ? WHERE id = ?', ['done', 7]))).toBe(true);
    expect(conflicts(step('SELECT 1 FROM outbox WHERE id = ? OR id = ?', [1, 2]), step('DELETE FROM outbox WHERE id = ?', [5]))).toBe(true);
    expect(step('SELECT 1 FROM outbox, intentions').opaque).toBe(true);
    expect(step('WITH x AS (SELECT 1) SELECT * FROM x').opaque).toBe(true);
    expect(step('CREATE TABLE t (a)').opaque).toBe(true);
    expect(step('BEGIN IMMEDIATE')).toEqual({ opaque: false, accesses: [] });
    // Reads never conflict with reads, and other stores are other rows.
    expect(conflicts(step('SELECT * FROM outbox'), step('SELECT * FROM outbox'))).toBe(false);
    const elsewhere: Footprint = {
      opaque: false,
      accesses: insert.accesses.map((access): Access => ({ ...access, store: 'warehouse.db' })),
    };
    expect(conflicts(insert, elsewhere)).toBe(false);
  });

  it('hears every statement a traced connection runs, and calls no statement shows make it opaque', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE outbox (id INTEGER PRIMARY KEY, status TEXT)');
    const heard: (readonly Access[] | 'opaque')[] = [];
    traceStatements(db, 'orchestrator.db', (accesses) => heard.push(accesses));
    db.prepare(`INSERT INTO outbox (status) VALUES ('pending')`).run();
    const read = db.prepare('SELECT status FROM outbox WHERE id = ?');
    expect(read.get(1)).toEqual({ status: 'pending' });
    db.exec(`BEGIN; UPDATE outbox SET status = 'sent' WHERE id = 1; COMMIT`);
    db.pragma('user_version');
    expect(heard.map((entry) => (entry === 'opaque' ? 'opaque' : entry.map((a) => `${a.table}:${a.write ? 'w' : 'r'}`).join()))).toEqual([
      'outbox:w',
      'outbox:r',
      'outbox:w',
      'opaque',
    ]);
    expect(db.prepare('SELECT status FROM outbox').all()).toEqual([{ status: 'sent' }]);
    db.close();
  });
});
