import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { reservationCount, reserveRequest, warehouseStore } from '../../sim/testing/receiver-side.js';
import type { ReceiverRequest } from '../receivers/types.js';
import { isUpdatePayload, OUT_OF_ORDER, SUPERSEDED } from './object-updates.js';
import type { UpdateOp } from './types.js';
import { warehouse } from './warehouse.js';
import { BLOCKED_TENANT } from './warehouse-refusals.js';

/**
 * The warehouse's side of updates to one reservation object, driven through
 * its effect against a real warehouse store: the object's row is read back
 * after each request.
 */
const update = (op: UpdateOp, seq: number | undefined, change: { qty?: number; object?: string; tenant?: string } = {}): ReceiverRequest =>
  reserveRequest({
    tenant: change.tenant ?? 'tenantA',
    key: `${op}-${seq ?? 'unnumbered'}`,
    payload: { part: 'p1', qty: change.qty ?? 1, update: { object: change.object ?? 'o1', op }, ...(seq === undefined ? {} : { seq }) },
  });

const objects = (db: Database.Database): unknown[] =>
  db.prepare('SELECT tenant, object, state, part, qty, last_seq AS lastSeq FROM reservation_objects ORDER BY tenant, object').all();

describe('isUpdatePayload', () => {
  it('tells an update from a plain reservation, and from payloads that are not objects', () => {
    expect(isUpdatePayload({ part: 'p1', qty: 1, update: { object: 'o1', op: 'reserve' } })).toBe(true);
    expect(isUpdatePayload({ part: 'p1', qty: 1 })).toBe(false);
    expect(isUpdatePayload(null)).toBe(false);
    expect(isUpdatePayload('update')).toBe(false);
  });
});

describe('numbered updates to one object', () => {
  it('applies update 1 to a new object, then only the next place: early is refused for now, late for good', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, update('reserve', 1, { qty: 2 }), 0)).toEqual({ applied: { reservationId: 1 } });
    expect(objects(db)).toEqual([{ tenant: 'tenantA', object: 'o1', state: 'reserved', part: 'p1', qty: 2, lastSeq: 1 }]);

    expect(warehouse.effect.apply(db, update('cancel', 3), 0)).toEqual({ refused: OUT_OF_ORDER, definitive: false });
    expect(warehouse.effect.apply(db, update('reserve', 1), 0)).toEqual({ refused: SUPERSEDED, definitive: true });
    // Neither refusal touched the object or wrote a reservation row.
    expect(objects(db)).toEqual([expect.objectContaining({ state: 'reserved', qty: 2, lastSeq: 1 })]);
    expect(reservationCount(db)).toBe(1);

    expect(warehouse.effect.apply(db, update('change-quantity', 2, { qty: 5 }), 0)).toEqual({ applied: { reservationId: 2 } });
    expect(objects(db)).toEqual([expect.objectContaining({ state: 'reserved', qty: 5, lastSeq: 2 })]);
    expect(warehouse.effect.apply(db, update('cancel', 3, { qty: 5 }), 0)).toEqual({ applied: { reservationId: 3 } });
    expect(objects(db)).toEqual([expect.objectContaining({ state: 'cancelled', qty: 0, lastSeq: 3 })]);
  });

  it('refuses an update that comes before its object exists, and update 2 of a fresh object as early', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, update('change-quantity', 2), 0)).toEqual({ refused: OUT_OF_ORDER, definitive: false });
    expect(objects(db)).toEqual([]);
    expect(reservationCount(db)).toBe(0);
  });

  it('numbers each tenant’s objects apart: another tenant’s object of the same name, or another object, starts at 1', () => {
    const db = warehouseStore();
    warehouse.effect.apply(db, update('reserve', 1), 0);
    warehouse.effect.apply(db, update('change-quantity', 2, { qty: 4 }), 0);
    expect(warehouse.effect.apply(db, update('reserve', 1, { tenant: 'tenantB', qty: 7 }), 0)).toEqual({ applied: { reservationId: 3 } });
    expect(warehouse.effect.apply(db, update('reserve', 1, { object: 'o2', qty: 8 }), 0)).toEqual({ applied: { reservationId: 4 } });
    expect(objects(db)).toEqual([
      { tenant: 'tenantA', object: 'o1', state: 'reserved', part: 'p1', qty: 4, lastSeq: 2 },
      { tenant: 'tenantA', object: 'o2', state: 'reserved', part: 'p1', qty: 8, lastSeq: 1 },
      { tenant: 'tenantB', object: 'o1', state: 'reserved', part: 'p1', qty: 7, lastSeq: 1 },
    ]);
  });

  it('checks the place before the warehouse’s own refusals: a blocked tenant’s early update is out of order, its next one refused', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, update('change-quantity', 2, { tenant: BLOCKED_TENANT }), 0)).toEqual({
      refused: OUT_OF_ORDER,
      definitive: false,
    });
    expect(warehouse.effect.apply(db, update('reserve', 1, { tenant: BLOCKED_TENANT }), 0)).toEqual({
      refused: 'tenant-not-allowed',
      definitive: true,
    });
    // A refused update leaves no object behind.
    expect(objects(db)).toEqual([]);
  });
});

describe('unnumbered updates (last writer wins)', () => {
  it('applies each as it arrives, whatever came before, and never lowers the place a numbered update reached', () => {
    const db = warehouseStore();
    expect(warehouse.effect.apply(db, update('cancel', undefined, { qty: 3 }), 0)).toEqual({ applied: { reservationId: 1 } });
    expect(objects(db)).toEqual([{ tenant: 'tenantA', object: 'o1', state: 'cancelled', part: 'p1', qty: 0, lastSeq: 0 }]);
    expect(warehouse.effect.apply(db, update('change-quantity', undefined, { qty: 3 }), 0)).toEqual({ applied: { reservationId: 2 } });
    expect(objects(db)).toEqual([expect.objectContaining({ state: 'reserved', qty: 3, lastSeq: 0 })]);

    const numbered = warehouseStore();
    warehouse.effect.apply(numbered, update('reserve', 1), 0);
    warehouse.effect.apply(numbered, update('change-quantity', 2, { qty: 6 }), 0);
    warehouse.effect.apply(numbered, update('cancel', undefined), 0);
    expect(objects(numbered)).toEqual([expect.objectContaining({ state: 'cancelled', qty: 0, lastSeq: 2 })]);
  });
});
