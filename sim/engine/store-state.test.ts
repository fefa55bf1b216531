import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readTables } from './store-state.js';

describe('readTables', () => {
  it('reads every table of a store row by row, in name order, quoting odd names and leaving SQLite’s own tables out', () => {
    const db = new Database(':memory:');
    db.exec(`
      CREATE TABLE zebra (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT);
      CREATE TABLE "odd ""name""" (x INTEGER);
      CREATE TABLE empty (y INTEGER);
      CREATE VIEW zebra_view AS SELECT * FROM zebra;
      INSERT INTO zebra (v) VALUES ('a'), ('b');
      INSERT INTO "odd ""name""" VALUES (7);
    `);
    const tables = readTables(db);
    // AUTOINCREMENT made sqlite_sequence; it and the view are not the store's tables.
    expect(Object.keys(tables)).toEqual(['empty', 'odd "name"', 'zebra']);
    expect(tables).toEqual({
      empty: [],
      'odd "name"': [{ x: 7 }],
      zebra: [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
    });
    db.close();
  });
});
