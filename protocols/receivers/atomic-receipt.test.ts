import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { WAREHOUSE_SCHEMA, warehouse } from '../reservation/warehouse.js';
import { atomicReceipt } from './atomic-receipt.js';
import type { ReceiverRequest, ReceiverSide } from './types.js';

const root = tempFolder('receipt');

function warehouseAt(name: string): { side: ReceiverSide; db: Database.Database } {
  const db = new Database(join(root, `${name}.db`));
  db.exec(WAREHOUSE_SCHEMA);
  const side: ReceiverSide = {
    transaction: async (work) => db.transaction(work)(db),
    cut: async () => {},
    nowMs: () => 0,
    settings: { retentionMs: null, closedWindow: false },
    effect: warehouse.effect,
  };
  return { side, db };
}

const request: ReceiverRequest = {
  tenant: 'tenantA',
  key: 'reserve42',
  kind: 'reserve',
  payload: { part: 'spare-part-7', qty: 1 },
  issuedAtMs: 0,
  intentionId: 'tenantA:reserve42',
};

const count = (db: Database.Database) => (db.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n;

describe('atomic receipt', () => {
  it('replays the stored result for the same key and payload, without a new effect', async () => {
    const { side, db } = warehouseAt('replay');
    const first = await atomicReceipt.handle(side, request);
    const second = await atomicReceipt.handle(side, request);
    expect(first).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    expect(second).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    expect(count(db)).toBe(1);
  });

  it('replays whatever the order of the payload keys: the fingerprint is over canonical JSON', async () => {
    const { side, db } = warehouseAt('key-order');
    await atomicReceipt.handle(side, request);
    const reordered = await atomicReceipt.handle(side, { ...request, payload: { qty: 1, part: 'spare-part-7' } });
    expect(reordered).toMatchObject({ status: 'ok', replayed: true });
    expect(count(db)).toBe(1);
  });

  it('rejects the same key with another payload, with no effect', async () => {
    const { side, db } = warehouseAt('mismatch');
    await atomicReceipt.handle(side, request);
    const other = await atomicReceipt.handle(side, { ...request, payload: { part: 'spare-part-7', qty: 3 } });
    expect(other).toEqual({ status: 'rejected', reason: 'payload-mismatch' });
    expect(count(db)).toBe(1);
    expect(db.prepare('SELECT qty FROM reservations').all()).toEqual([{ qty: 1 }]);
  });

  it('rejects the same key and payload under another kind: kind is part of the fingerprint', async () => {
    const { side, db } = warehouseAt('kind');
    await atomicReceipt.handle(side, request);
    const other = await atomicReceipt.handle(side, { ...request, kind: 'cancel' });
    expect(other).toEqual({ status: 'rejected', reason: 'payload-mismatch' });
    expect(count(db)).toBe(1);
  });

  it('treats the same key under another tenant as a different intention', async () => {
    const { side, db } = warehouseAt('tenants');
    await atomicReceipt.handle(side, request);
    const other = await atomicReceipt.handle(side, { ...request, tenant: 'tenantB', intentionId: 'tenantB:reserve42' });
    expect(other).toMatchObject({ status: 'ok', replayed: false });
    expect(count(db)).toBe(2);
  });

  it('files no receipt for a refusal of the effect: asking again may succeed', async () => {
    const { side, db } = warehouseAt('refusal');
    let stock = 0;
    const refusing: ReceiverSide = {
      ...side,
      effect: {
        apply: (conn, req, now) => (stock-- > 0 ? warehouse.effect.apply(conn, req, now) : { refused: 'out of stock', definitive: false }),
      },
    };
    expect(await atomicReceipt.handle(refusing, request)).toEqual({ status: 'refused', reason: 'out of stock', definitive: false });
    stock = 1;
    expect(await atomicReceipt.handle(refusing, request)).toMatchObject({ status: 'ok', replayed: false });
    expect(count(db)).toBe(1);
  });
});
