import { describe, expect, it } from 'vitest';
import { receiverSide, reservationCount, reserveRequest, warehouseStore } from '../../sim/testing/receiver-side.js';
import { atomicReceipt, tenantlessReceipt } from './atomic-receipt.js';
import { canonicalJson, requestFingerprint } from './fingerprint.js';
import { applyEffect, fileReceipt } from './receipts.js';
import { RECEIPT_SCHEMA, receiverSchema } from './schema.js';

const receiptRows = (db: ReturnType<typeof warehouseStore>) =>
  db.prepare('SELECT tenant, request_key AS key, result, created_at_ms AS createdAtMs FROM receipts ORDER BY tenant').all();

describe('retention: receipts older than now - retentionMs are removed', () => {
  it('keeps a receipt exactly retentionMs old, and forgets it one ms later (the resend is applied again)', async () => {
    const db = warehouseStore();
    let now = 0;
    const side = receiverSide(db, { now: () => now, settings: { retentionMs: 100, closedWindow: false } });
    expect(await atomicReceipt.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    now = 100;
    expect(await atomicReceipt.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    expect(reservationCount(db)).toBe(1);
    now = 101;
    expect(await atomicReceipt.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 2 }, replayed: false });
    expect(reservationCount(db)).toBe(2);
    expect(receiptRows(db)).toEqual([{ tenant: 'tenantA', key: 'reserve42', result: '{"reservationId":2}', createdAtMs: 101 }]);
  });

  it('keeps every receipt when retention is null, however late the resend', async () => {
    const db = warehouseStore();
    let now = 0;
    const side = receiverSide(db, { now: () => now, settings: { retentionMs: null, closedWindow: true } });
    await atomicReceipt.handle(side, reserveRequest());
    now = 10_000_000;
    expect(await atomicReceipt.handle(side, reserveRequest())).toMatchObject({ status: 'ok', replayed: true });
    expect(reservationCount(db)).toBe(1);
  });
});

describe('the closed window: a request issued before now - retentionMs is refused as stale', () => {
  it('applies a request issued exactly retentionMs ago, and refuses one issued a ms earlier, with no effect', async () => {
    const db = warehouseStore();
    let now = 100;
    const side = receiverSide(db, { now: () => now, settings: { retentionMs: 100, closedWindow: true } });
    expect(await atomicReceipt.handle(side, reserveRequest({ issuedAtMs: 0 }))).toMatchObject({ status: 'ok', replayed: false });
    now = 101;
    expect(await atomicReceipt.handle(side, reserveRequest({ key: 'other', issuedAtMs: 0 }))).toEqual({ status: 'stale' });
    expect(await atomicReceipt.handle(side, reserveRequest({ key: 'fresh', issuedAtMs: 1 }))).toMatchObject({ status: 'ok' });
    expect(reservationCount(db)).toBe(2);
  });

  it('is the window that refuses, not retention alone: without it, an old request is applied', async () => {
    const db = warehouseStore();
    const side = receiverSide(db, { now: () => 5_000, settings: { retentionMs: 100, closedWindow: false } });
    expect(await atomicReceipt.handle(side, reserveRequest({ issuedAtMs: 0 }))).toMatchObject({ status: 'ok' });
    expect(reservationCount(db)).toBe(1);
  });

  it('refuses a stale resend even when its receipt is still there: the window is checked first', async () => {
    const db = warehouseStore();
    let now = 0;
    const side = receiverSide(db, { now: () => now, settings: { retentionMs: 100, closedWindow: true } });
    await atomicReceipt.handle(side, reserveRequest({ issuedAtMs: 0 }));
    now = 150;
    expect(await atomicReceipt.handle(side, reserveRequest({ issuedAtMs: 0 }))).toEqual({ status: 'stale' });
  });
});

describe('receipt scope', () => {
  it('files a tenant’s receipt under the tenant: another tenant with the same key is its own intention', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    await atomicReceipt.handle(side, reserveRequest());
    expect(await atomicReceipt.handle(side, reserveRequest({ tenant: 'tenantB' }))).toMatchObject({ replayed: false });
    expect(receiptRows(db)).toEqual([
      expect.objectContaining({ tenant: 'tenantA', key: 'reserve42' }),
      expect.objectContaining({ tenant: 'tenantB', key: 'reserve42' }),
    ]);
  });

  it('the tenant-less flaw files one receipt for every tenant: the second tenant gets the first one’s result and no effect', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    await tenantlessReceipt.handle(side, reserveRequest());
    expect(await tenantlessReceipt.handle(side, reserveRequest({ tenant: 'tenantB', intentionId: 'tenantB:reserve42' }))).toEqual({
      status: 'ok',
      result: { reservationId: 1 },
      replayed: true,
    });
    expect(reservationCount(db)).toBe(1);
    expect(receiptRows(db)).toEqual([expect.objectContaining({ tenant: '*', key: 'reserve42' })]);
  });
});

describe('applyEffect and fileReceipt', () => {
  const refusing = (retryAfterMs?: number) => ({
    apply: () =>
      retryAfterMs === undefined
        ? { refused: 'unknown-part', definitive: true }
        : { refused: 'out-of-stock', definitive: false, retryAfterMs },
  });

  it('answers a refusal with its reason, and carries retryAfterMs only when the effect gave one; nothing is filed', () => {
    const db = warehouseStore();
    let filed = 0;
    const definitive = applyEffect(db, receiverSide(db, { effect: refusing() }), reserveRequest(), () => (filed += 1));
    expect(definitive).toEqual({ status: 'refused', reason: 'unknown-part', definitive: true });
    expect(Object.keys(definitive)).toEqual(['status', 'reason', 'definitive']);
    const transient = applyEffect(db, receiverSide(db, { effect: refusing(250) }), reserveRequest());
    expect(transient).toEqual({ status: 'refused', reason: 'out-of-stock', definitive: false, retryAfterMs: 250 });
    expect(filed).toBe(0);
    expect(reservationCount(db)).toBe(0);
  });

  it('hands an applied result to its receipt, and a racing twin’s receipt is overwritten by the later one', () => {
    const db = warehouseStore();
    const side = receiverSide(db, { now: () => 7 });
    const reply = applyEffect(db, side, reserveRequest(), (result) => fileReceipt(db, side, reserveRequest(), 'tenant', result));
    expect(reply).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    fileReceipt(db, side, reserveRequest(), 'tenant', { reservationId: 9 });
    expect(receiptRows(db)).toEqual([{ tenant: 'tenantA', key: 'reserve42', result: '{"reservationId":9}', createdAtMs: 7 }]);
  });
});

describe('fingerprint and schema', () => {
  it('writes canonical JSON: keys sorted at every depth, arrays in order, scalars as JSON', () => {
    expect(canonicalJson({ b: [2, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[2,{"c":"x","d":null}]}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson('q"')).toBe('"q\\""');
  });

  it('fingerprints kind and payload into 16 hex digits, equal whatever the key order and different for another kind', () => {
    const print = requestFingerprint({ kind: 'reserve', payload: { part: 'p', qty: 1 } });
    expect(print).toMatch(/^[0-9a-f]{16}$/);
    expect(requestFingerprint({ kind: 'reserve', payload: { qty: 1, part: 'p' } })).toBe(print);
    expect(requestFingerprint({ kind: 'cancel', payload: { part: 'p', qty: 1 } })).not.toBe(print);
    expect(requestFingerprint({ kind: 'reserve', payload: { part: 'p', qty: 2 } })).not.toBe(print);
  });

  it('puts a receiver’s own effect tables before the shared receipt tables', () => {
    expect(receiverSchema('CREATE TABLE own (x);')).toBe(`CREATE TABLE own (x);${RECEIPT_SCHEMA}`);
    const db = warehouseStore();
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all();
    expect(tables).toEqual([
      { name: 'operations' },
      { name: 'receipts' },
      { name: 'reservation_objects' },
      { name: 'reservations' },
      { name: 'side_leases' },
    ]);
  });
});
