import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import type { ReserveRequest, WarehouseSide } from '../types.js';
import { atomicReceipt } from './atomic-receipt.js';
import { WAREHOUSE_SCHEMA } from './schema.js';

const root = tempFolder('receipt');

function warehouseAt(name: string): { side: WarehouseSide; db: Database.Database } {
  const db = new Database(join(root, `${name}.db`));
  db.exec(WAREHOUSE_SCHEMA);
  const side: WarehouseSide = {
    transaction: async (work) => db.transaction(work)(db),
    cut: async () => {},
    nowMs: () => 0,
    settings: { retentionMs: null, closedWindow: false },
  };
  return { side, db };
}

const request: ReserveRequest = {
  tenant: 'tenantA',
  key: 'reserve42',
  params: { part: 'spare-part-7', qty: 1 },
  issuedAtMs: 0,
  intentionId: 'tenantA:reserve42',
};

const count = (db: Database.Database) => (db.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n;

describe('atomic receipt', () => {
  it('replays the stored result for the same key and params, without a new effect', async () => {
    const { side, db } = warehouseAt('replay');
    const first = await atomicReceipt.reserve(side, request);
    const second = await atomicReceipt.reserve(side, request);
    expect(first).toEqual({ status: 'ok', reservationId: 1, replayed: false });
    expect(second).toEqual({ status: 'ok', reservationId: 1, replayed: true });
    expect(count(db)).toBe(1);
  });

  it('rejects the same key with other params, with no effect', async () => {
    const { side, db } = warehouseAt('mismatch');
    await atomicReceipt.reserve(side, request);
    const other = await atomicReceipt.reserve(side, { ...request, params: { part: 'spare-part-7', qty: 3 } });
    expect(other).toEqual({ status: 'rejected', reason: 'params-mismatch' });
    expect(count(db)).toBe(1);
    expect(db.prepare('SELECT qty FROM reservations').all()).toEqual([{ qty: 1 }]);
  });

  it('treats the same key under another tenant as a different intention', async () => {
    const { side, db } = warehouseAt('tenants');
    await atomicReceipt.reserve(side, request);
    const other = await atomicReceipt.reserve(side, { ...request, tenant: 'tenantB', intentionId: 'tenantB:reserve42' });
    expect(other).toMatchObject({ status: 'ok', replayed: false });
    expect(count(db)).toBe(2);
  });
});
