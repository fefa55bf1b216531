import { describe, expect, it } from 'vitest';
import { receiverSide, reservationCount, reserveRequest, turnTaking, warehouseStore } from '../../sim/testing/receiver-side.js';
import { checkThenActReceipt } from './check-then-act-receipt.js';
import { CONTRACTS, findContract } from './contracts.js';
import { noReceipt } from './no-receipt.js';
import { effectThenReceipt, receiptThenEffect } from './split-receipt.js';

/** A crash injected before the nth transaction of a call: that transaction and everything after it never run. */
function crashBefore(nth: number): () => Promise<void> {
  let count = 0;
  return async () => {
    count += 1;
    if (count === nth) throw new Error('crash');
  };
}

describe('the contract list', () => {
  it('holds the eight contracts under their names, and finds nothing else', () => {
    expect(CONTRACTS.map((contract) => contract.name)).toEqual([
      'no-receipt',
      'atomic-receipt',
      'tenantless-receipt',
      'check-then-act-receipt',
      'receipt-then-effect',
      'effect-then-receipt',
      'side-store-lease',
      'async-accept',
    ]);
    for (const contract of CONTRACTS) expect(contract.summary.length).toBeGreaterThan(20);
    expect(findContract('atomic-receipt')?.name).toBe('atomic-receipt');
    expect(findContract('no-such-contract')).toBeUndefined();
  });
});

describe('no-receipt', () => {
  it('applies every request as new: a retry is a second effect', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    expect(await noReceipt.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    expect(await noReceipt.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 2 }, replayed: false });
    expect(reservationCount(db)).toBe(2);
  });
});

describe('check-then-act-receipt', () => {
  it('deduplicates sequential retries, passing its receipt-checked cut each time it applies', async () => {
    const db = warehouseStore();
    const cuts: string[] = [];
    const side = receiverSide(db, { cuts });
    await checkThenActReceipt.handle(side, reserveRequest());
    expect(await checkThenActReceipt.handle(side, reserveRequest())).toMatchObject({ status: 'ok', replayed: true });
    expect(await checkThenActReceipt.handle(side, reserveRequest({ payload: { part: 'x', qty: 1 } }))).toEqual({
      status: 'rejected',
      reason: 'payload-mismatch',
    });
    expect(cuts).toEqual(['receipt-checked']);
    expect(reservationCount(db)).toBe(1);
  });

  it('applies twice when two callers both look before either applies (N=2)', async () => {
    const db = warehouseStore();
    const turn = turnTaking(['one', 'two', 'one', 'two']);
    const [first, second] = await Promise.all([
      checkThenActReceipt.handle(receiverSide(db, { beforeTransaction: turn('one') }), reserveRequest()),
      checkThenActReceipt.handle(receiverSide(db, { beforeTransaction: turn('two') }), reserveRequest()),
    ]);
    expect([first, second]).toEqual([
      { status: 'ok', result: { reservationId: 1 }, replayed: false },
      { status: 'ok', result: { reservationId: 2 }, replayed: false },
    ]);
    expect(reservationCount(db)).toBe(2);
  });
});

describe('receipt-then-effect', () => {
  it('replays its own receipt without a new effect when nothing crashed', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    expect(await receiptThenEffect.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    expect(await receiptThenEffect.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    // A replay or a rejection files nothing: the stored result stays the effect's.
    expect(await receiptThenEffect.handle(side, reserveRequest({ payload: { part: 'x', qty: 1 } }))).toEqual({
      status: 'rejected',
      reason: 'payload-mismatch',
    });
    expect(await receiptThenEffect.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    expect(reservationCount(db)).toBe(1);
  });

  it('loses the effect when it crashes between the receipt and the effect: the retry replays an empty receipt (N=0)', async () => {
    const db = warehouseStore();
    await expect(receiptThenEffect.handle(receiverSide(db, { beforeTransaction: crashBefore(2) }), reserveRequest())).rejects.toThrow(
      'crash',
    );
    expect(await receiptThenEffect.handle(receiverSide(db), reserveRequest())).toEqual({ status: 'ok', result: null, replayed: true });
    expect(reservationCount(db)).toBe(0);
  });
});

describe('effect-then-receipt', () => {
  it('replays when nothing crashed, and files no receipt for a refusal', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    await effectThenReceipt.handle(side, reserveRequest());
    expect(await effectThenReceipt.handle(side, reserveRequest())).toMatchObject({ status: 'ok', replayed: true });
    const refused = await effectThenReceipt.handle(side, reserveRequest({ key: 'unknown', payload: { part: 'no-such-part', qty: 1 } }));
    expect(refused).toEqual({ status: 'refused', reason: 'unknown-part', definitive: true });
    expect(db.prepare('SELECT request_key AS key FROM receipts').all()).toEqual([{ key: 'reserve42' }]);
    expect(reservationCount(db)).toBe(1);
  });

  it('applies again when it crashes between the effect and its receipt (N=2)', async () => {
    const db = warehouseStore();
    await expect(effectThenReceipt.handle(receiverSide(db, { beforeTransaction: crashBefore(3) }), reserveRequest())).rejects.toThrow(
      'crash',
    );
    expect(await effectThenReceipt.handle(receiverSide(db), reserveRequest())).toMatchObject({ status: 'ok', replayed: false });
    expect(reservationCount(db)).toBe(2);
  });
});
