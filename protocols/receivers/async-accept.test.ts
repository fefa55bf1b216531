import { describe, expect, it } from 'vitest';
import { receiverSide, reservationCount, reserveRequest, turnTaking, warehouseStore } from '../../sim/testing/receiver-side.js';
import { asyncAccept } from './async-accept.js';

const operations = (db: ReturnType<typeof warehouseStore>) =>
  db.prepare('SELECT tenant, request_key AS key, state, completions, result FROM operations').all();

describe('async-accept', () => {
  it('fails the first completion, completes on the next ask, then answers with the result', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    expect(await asyncAccept.handle(side, reserveRequest())).toEqual({ status: 'accepted' });
    expect(operations(db)).toEqual([{ tenant: 'tenantA', key: 'reserve42', state: 'failed', completions: 1, result: null }]);
    expect(reservationCount(db)).toBe(0);
    expect(await asyncAccept.handle(side, reserveRequest())).toEqual({ status: 'accepted' });
    expect(operations(db)).toEqual([
      { tenant: 'tenantA', key: 'reserve42', state: 'completed', completions: 2, result: '{"reservationId":1}' },
    ]);
    expect(await asyncAccept.handle(side, reserveRequest())).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    expect(reservationCount(db)).toBe(1);
  });

  it('keeps a refused completion failed, with no result and no effect', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    const refused = reserveRequest({ payload: { part: 'no-such-part', qty: 1 } });
    await asyncAccept.handle(side, refused);
    expect(await asyncAccept.handle(side, refused)).toEqual({ status: 'accepted' });
    expect(operations(db)).toEqual([expect.objectContaining({ state: 'failed', completions: 2, result: null })]);
    expect(reservationCount(db)).toBe(0);
  });

  it('keeps operations apart by tenant and key', async () => {
    const db = warehouseStore();
    const side = receiverSide(db);
    await asyncAccept.handle(side, reserveRequest());
    await asyncAccept.handle(side, reserveRequest());
    await asyncAccept.handle(side, reserveRequest({ tenant: 'tenantB' }));
    await asyncAccept.handle(side, reserveRequest({ key: 'other' }));
    expect(operations(db)).toEqual([
      expect.objectContaining({ tenant: 'tenantA', key: 'reserve42', state: 'completed' }),
      expect.objectContaining({ tenant: 'tenantB', key: 'reserve42', state: 'failed', completions: 1 }),
      expect.objectContaining({ tenant: 'tenantA', key: 'other', state: 'failed', completions: 1 }),
    ]);
    expect(reservationCount(db)).toBe(1);
  });

  describe('two callers asking at once: only an operation still waiting is completed', () => {
    it('two first asks: the first completion fails it, and the second caller does not complete it behind its back', async () => {
      const db = warehouseStore();
      const turn = turnTaking(['one', 'two', 'one', 'two']);
      const replies = await Promise.all([
        asyncAccept.handle(receiverSide(db, { beforeTransaction: turn('one') }), reserveRequest()),
        asyncAccept.handle(receiverSide(db, { beforeTransaction: turn('two') }), reserveRequest()),
      ]);
      expect(replies).toEqual([{ status: 'accepted' }, { status: 'accepted' }]);
      expect(operations(db)).toEqual([expect.objectContaining({ state: 'failed', completions: 1 })]);
      expect(reservationCount(db)).toBe(0);
    });

    it('two asks after a failure: one completion applies the effect, the other finds it completed (N=1)', async () => {
      const db = warehouseStore();
      await asyncAccept.handle(receiverSide(db), reserveRequest());
      const turn = turnTaking(['one', 'two', 'one', 'two']);
      await Promise.all([
        asyncAccept.handle(receiverSide(db, { beforeTransaction: turn('one') }), reserveRequest()),
        asyncAccept.handle(receiverSide(db, { beforeTransaction: turn('two') }), reserveRequest()),
      ]);
      expect(operations(db)).toEqual([expect.objectContaining({ state: 'completed', completions: 2, result: '{"reservationId":1}' })]);
      expect(reservationCount(db)).toBe(1);
    });
  });
});
