import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { immediateTransaction } from '../engine/connections.js';
import { SeededRandom } from '../engine/random.js';
import { tempFolder } from '../testing/temp-folder.js';
import { BusyExhausted, BusyRetry } from './busy-retry.js';

const root = tempFolder('busy');

/** Two connections to one WAL file; the first holds the write lock. */
function lockedPair(name: string): { holder: Database.Database; waiter: Database.Database } {
  const path = join(root, `${name}.db`);
  const holder = new Database(path);
  holder.pragma('journal_mode = WAL');
  holder.exec('CREATE TABLE t (n INTEGER)');
  const waiter = new Database(path);
  waiter.pragma('busy_timeout = 1');
  holder.prepare('BEGIN IMMEDIATE').run();
  return { holder, waiter };
}

describe('SQLITE_BUSY', () => {
  it('is retried, counted, and the transaction commits once the lock is free', async () => {
    const { holder, waiter } = lockedPair('retried');
    setTimeout(() => holder.prepare('COMMIT').run(), 30);
    const busy = new BusyRetry(1000, new SeededRandom(1));
    await busy.run(() => immediateTransaction(waiter, (db) => db.prepare('INSERT INTO t VALUES (1)').run()));
    expect(busy.retries).toBeGreaterThan(0);
    expect(waiter.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });

  it('gives up after the bound with its own error, leaving nothing written', async () => {
    const { holder, waiter } = lockedPair('bounded');
    const busy = new BusyRetry(3, new SeededRandom(1));
    await expect(busy.run(() => immediateTransaction(waiter, (db) => db.prepare('INSERT INTO t VALUES (1)').run()))).rejects.toBeInstanceOf(
      BusyExhausted,
    );
    expect(busy.retries).toBe(2);
    holder.prepare('COMMIT').run();
    expect(waiter.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
