import { describe, expect, it } from 'vitest';
import { reserveRequest, warehouseStore } from '../../sim/testing/receiver-side.js';
import { warehouse } from './warehouse.js';
import {
  BACKORDERED_PART,
  BLOCKED_TENANT,
  RESTOCK_AT_MS,
  RESTOCK_RETRY_AFTER_MS,
  UNKNOWN_PART,
  warehouseRefusal,
} from './warehouse-refusals.js';

describe('the warehouse effect', () => {
  it('writes one reservation row with the request’s tenant, key, params, oracle tag and time, its id the result', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, reserveRequest(), 25)).toEqual({ applied: { reservationId: 1 } });
    expect(warehouse.effect.apply(db, reserveRequest({ key: 'k2', payload: { part: 'bolt', qty: 3 } }), 30)).toEqual({
      applied: { reservationId: 2 },
    });
    expect(db.prepare('SELECT * FROM reservations ORDER BY id').all()).toEqual([
      {
        id: 1,
        tenant: 'tenantA',
        request_key: 'reserve42',
        part: 'spare-part-7',
        qty: 1,
        intention_id: 'tenantA:reserve42',
        applied_at_ms: 25,
      },
      { id: 2, tenant: 'tenantA', request_key: 'k2', part: 'bolt', qty: 3, intention_id: 'tenantA:reserve42', applied_at_ms: 30 },
    ]);
    expect(warehouse).toMatchObject({ name: 'warehouse', appliedCut: 'effect-applied' });
  });

  it('refuses before any effect: a blocked tenant and an unknown part for good, a backordered part until the restock', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, reserveRequest({ tenant: BLOCKED_TENANT }), 0)).toEqual({
      refused: 'tenant-not-allowed',
      definitive: true,
    });
    expect(warehouse.effect.apply(db, reserveRequest({ payload: { part: UNKNOWN_PART, qty: 1 } }), 0)).toEqual({
      refused: 'unknown-part',
      definitive: true,
    });
    const backordered = reserveRequest({ payload: { part: BACKORDERED_PART, qty: 1 } });
    expect(RESTOCK_AT_MS).toBe(3_000);
    expect(warehouseRefusal(backordered, RESTOCK_AT_MS - 1)).toEqual({
      refused: 'out-of-stock',
      definitive: false,
      retryAfterMs: RESTOCK_RETRY_AFTER_MS,
    });
    expect(RESTOCK_RETRY_AFTER_MS).toBe(1_000);
    expect(warehouseRefusal(backordered, RESTOCK_AT_MS)).toBeUndefined();
    expect(warehouseRefusal(reserveRequest(), 0)).toBeUndefined();
    expect((db.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n).toBe(0);
  });
});
