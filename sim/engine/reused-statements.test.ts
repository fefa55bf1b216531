import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { reusePreparedStatements } from './reused-statements.js';

function store(): Database.Database {
  const db = reusePreparedStatements(new Database(':memory:'));
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b')`);
  return db;
}

// A protocol prepares its SQL inline on every call; under cutpoint each call of the same text gets the
// compiled statement of the first. It must behave as the fresh statement better-sqlite3 gives in production.
describe('a statement reused for the same SQL text', () => {
  it('is compiled once while nothing set on it matters', () => {
    const db = store();
    expect(db.prepare('SELECT name FROM t WHERE id = ?')).toBe(db.prepare('SELECT name FROM t WHERE id = ?'));
  });

  it('returns rows as objects again after an earlier call made it pluck, raw or expand', () => {
    const db = store();
    const sql = 'SELECT id, name FROM t WHERE id = ?';
    expect(db.prepare(sql).pluck().get(1)).toBe(1);
    expect(db.prepare(sql).get(1)).toEqual({ id: 1, name: 'a' });
    expect(db.prepare(sql).raw().get(2)).toEqual([2, 'b']);
    expect(db.prepare(sql).get(2)).toEqual({ id: 2, name: 'b' });
    expect(db.prepare(sql).expand().get(1)).toEqual({ t: { id: 1, name: 'a' } });
    expect(db.prepare(sql).get(1)).toEqual({ id: 1, name: 'a' });
  });

  it('can be bound to parameters on every call, as a fresh statement can', () => {
    const db = store();
    const sql = 'SELECT name FROM t WHERE id = ?';
    expect(db.prepare(sql).bind(1).get()).toEqual({ name: 'a' });
    expect(db.prepare(sql).bind(2).get()).toEqual({ name: 'b' });
    expect(db.prepare(sql).get(1)).toEqual({ name: 'a' });
  });

  it("takes the connection's safe-integer default, not what an earlier call set", () => {
    const db = store();
    const sql = 'SELECT id FROM t WHERE id = ?';
    expect(db.prepare(sql).safeIntegers().get(1)).toEqual({ id: 1n });
    expect(db.prepare(sql).get(1)).toEqual({ id: 1 });
    db.defaultSafeIntegers();
    expect(db.prepare(sql).get(2)).toEqual({ id: 2n });
    db.defaultSafeIntegers(false);
    expect(db.prepare(sql).get(2)).toEqual({ id: 2 });
  });
});
