import { describe, expect, it } from 'vitest';
import { receiverSide, reservationCount, reserveRequest, warehouseStore } from '../../sim/testing/receiver-side.js';
import { SIDE_LEASE_MS, sideStoreLease } from './side-store-lease.js';

const leases = (db: ReturnType<typeof warehouseStore>) => db.prepare('SELECT state, until_ms AS untilMs, result FROM side_leases').all();

/** A crash before the nth transaction of a call. */
function crashBefore(nth: number): () => Promise<void> {
  let count = 0;
  return async () => {
    count += 1;
    if (count === nth) throw new Error('crash');
  };
}

describe('side-store-lease', () => {
  it('marks a key done with its result, and replays that result without a new effect', async () => {
    const db = warehouseStore();
    const side = receiverSide(db, { now: () => 5 });
    expect(await sideStoreLease.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    expect(leases(db)).toEqual([{ state: 'done', untilMs: 5 + SIDE_LEASE_MS, result: '{"reservationId":1}' }]);
    expect(await sideStoreLease.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    expect(reservationCount(db)).toBe(1);
  });

  it('holds a lease for SIDE_LEASE_MS: busy a ms before it ends, taken again when it ends', async () => {
    expect(SIDE_LEASE_MS).toBe(1_000);
    const db = warehouseStore();
    let now = 0;
    // The first caller takes the lease and dies before applying.
    await expect(
      sideStoreLease.handle(receiverSide(db, { now: () => now, beforeTransaction: crashBefore(2) }), reserveRequest()),
    ).rejects.toThrow();
    expect(leases(db)).toEqual([{ state: 'leased', untilMs: 1_000, result: null }]);
    now = 999;
    expect(await sideStoreLease.handle(receiverSide(db, { now: () => now }), reserveRequest())).toEqual({ status: 'unavailable' });
    expect(reservationCount(db)).toBe(0);
    now = 1_000;
    expect(await sideStoreLease.handle(receiverSide(db, { now: () => now }), reserveRequest())).toMatchObject({
      status: 'ok',
      replayed: false,
    });
    expect(leases(db)).toEqual([{ state: 'done', untilMs: 2_000, result: '{"reservationId":1}' }]);
    expect(reservationCount(db)).toBe(1);
  });

  it('applies again after a crash between the effect and the done-marker, once the lease ends (N=2)', async () => {
    const db = warehouseStore();
    let now = 0;
    await expect(
      sideStoreLease.handle(receiverSide(db, { now: () => now, beforeTransaction: crashBefore(3) }), reserveRequest()),
    ).rejects.toThrow();
    now = SIDE_LEASE_MS;
    await sideStoreLease.handle(receiverSide(db, { now: () => now }), reserveRequest());
    expect(reservationCount(db)).toBe(2);
  });

  it('passes a refusal on without marking the key done', async () => {
    const db = warehouseStore();
    const reply = await sideStoreLease.handle(receiverSide(db), reserveRequest({ payload: { part: 'no-such-part', qty: 1 } }));
    expect(reply).toEqual({ status: 'refused', reason: 'unknown-part', definitive: true });
    expect(leases(db)).toEqual([{ state: 'leased', untilMs: SIDE_LEASE_MS, result: null }]);
  });
});
