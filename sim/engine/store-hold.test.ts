import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import { outboxDedup } from '../../protocols/reservation/outbox-dedup.js';
import { explore } from '../explore/explore.js';
import { planFamily } from '../families/plan/plan-family.js';
import { reservationFamily } from '../families/reservation/family.js';
import { FileMedium, openSqlite } from './connections.js';
import { runCase, type AnyFamily } from './run-case.js';

const scratch = mkdtempSync(join(tmpdir(), 'cutpoint-hold-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The SQLite files this process has open, by path (Linux: /proc/self/fd). */
function openStoreFiles(): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => /\.db(-wal|-shm)?( \(deleted\))?$/.test(target));
}

describe('FileMedium.hold: the stores kept open between lives', () => {
  it('keeps the WAL between fresh connections, which see every commit, and leaves one file per store once released', () => {
    const medium = new FileMedium();
    const path = join(scratch, 'held.db');
    medium.create(path, 'CREATE TABLE t (v TEXT)');
    const release = medium.hold([path]);
    const writer = openSqlite(path);
    writer.prepare('INSERT INTO t VALUES (?)').run('first');
    writer.close();
    // The holder is open: the last life's close did not checkpoint and remove the WAL.
    expect(existsSync(`${path}-wal`)).toBe(true);
    const reader = openSqlite(path);
    expect(reader.prepare('SELECT v FROM t').pluck().all()).toEqual(['first']);
    reader.close();
    release();
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
    const after = new Database(path, { readonly: true });
    expect(after.prepare('SELECT v FROM t').pluck().all()).toEqual(['first']);
    after.close();
  });

  it('without a hold, the last close checkpoints and removes the WAL (what the hold saves at every life)', () => {
    const medium = new FileMedium();
    const path = join(scratch, 'unheld.db');
    medium.create(path, 'CREATE TABLE t (v TEXT)');
    const writer = openSqlite(path);
    writer.prepare('INSERT INTO t VALUES (?)').run('only');
    writer.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('a case with a crash: N read back from its files, nothing of SQLite left open or beside the stores', async () => {
    const before = openStoreFiles();
    const folder = join(scratch, 'case');
    const result = await runCase({
      family: reservationFamily,
      protocol: outboxDedup,
      cut: { index: 2, name: 'effect-applied' },
      folder,
    });
    expect(result.cutFired).toBe(true);
    expect(Object.values(result.effects)).toEqual([1]);
    expect(readdirSync(folder).sort()).toEqual(['history.jsonl', 'orchestrator.db', 'warehouse.db']);
    const warehouse = new Database(join(folder, 'warehouse.db'), { readonly: true });
    expect(warehouse.prepare('SELECT count(*) FROM reservations').pluck().get()).toBe(1);
    warehouse.close();
    expect(openStoreFiles()).toEqual(before);
  });

  it('an exploration on real files lets go of every execution, the stopped ones too', async () => {
    // Counted at the source: a holder left open would only be closed by the garbage collector, whenever it runs.
    const counts = { held: 0, released: 0 };
    const hold = FileMedium.prototype.hold;
    const spy = vi.spyOn(FileMedium.prototype, 'hold').mockImplementation(function (this: FileMedium, paths: readonly string[]) {
      counts.held++;
      const release = hold.call(this, paths);
      return () => {
        counts.released++;
        release();
      };
    });
    const before = openStoreFiles();
    try {
      const protocol = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === 'checkpoint-after-step')!.protocol;
      const result = await explore(
        planFamily as unknown as AnyFamily,
        protocol,
        { workers: 1, intentions: 1, crashDepth: 2, retentionMs: null, cuts: 'named' },
        { executionsMax: 2_000 },
      );
      expect(result.exhaustive).toBe(true);
      expect(result.pruned).toBeGreaterThan(0);
      expect(counts.held).toBeGreaterThanOrEqual(result.complete + result.pruned);
      expect(counts.released).toBe(counts.held);
      expect(openStoreFiles()).toEqual(before);
    } finally {
      spy.mockRestore();
    }
  });
});
