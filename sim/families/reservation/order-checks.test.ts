import { describe, expect, it } from 'vitest';
import type { Intention, UpdateOp } from '../../../protocols/reservation/types.js';
import { plantedRun, type PlantedObject } from '../../testing/planted-run.js';
import { expectedObjectStates, updatesInOrder } from './order-checks.js';

/**
 * updatesInOrder against planted warehouse objects: each planted violation
 * differs from the passing run in the one object the check must find.
 */
const update = (key: string, object: string, op: UpdateOp, qty = 1, tenant = 'tenantA'): Intention => ({
  tenant,
  key,
  params: { part: 'p1', qty, update: { object, op } },
});
const PLAIN: Intention = { tenant: 'tenantA', key: 'plain', params: { part: 'p1', qty: 9 } };
/** o1: reserved 1, changed to 3, cancelled; o2: reserved 2, changed to 5; tenantB's o1: reserved 4. */
const WORKLOAD = [
  update('u1', 'o1', 'reserve', 1),
  update('u2', 'o2', 'reserve', 2),
  update('u3', 'o1', 'change-quantity', 3),
  PLAIN,
  update('u4', 'o1', 'reserve', 4, 'tenantB'),
  update('u5', 'o2', 'change-quantity', 5),
  update('u6', 'o1', 'cancel', 3),
];
const RIGHT: PlantedObject[] = [
  { tenant: 'tenantA', object: 'o1', state: 'cancelled', qty: 0 },
  { tenant: 'tenantA', object: 'o2', state: 'reserved', qty: 5 },
  { tenant: 'tenantB', object: 'o1', state: 'reserved', qty: 4 },
];
const judge = (objects: PlantedObject[]) => updatesInOrder({ intentions: WORKLOAD }, plantedRun({ objects }));

describe('expectedObjectStates', () => {
  it('applies each object’s updates in the recorded order, per tenant, and ignores reservations of their own', () => {
    expect(expectedObjectStates(WORKLOAD)).toEqual(
      new Map([
        ['tenantA/o1', { state: 'cancelled', qty: 0 }],
        ['tenantA/o2', { state: 'reserved', qty: 5 }],
        ['tenantB/o1', { state: 'reserved', qty: 4 }],
      ]),
    );
    expect(expectedObjectStates([PLAIN])).toEqual(new Map());
  });
});

describe('updatesInOrder: planted runs', () => {
  it('passes the objects as the recorded order leaves them, and a run with no updates', () => {
    expect(judge(RIGHT)).toBeUndefined();
    expect(updatesInOrder({ intentions: [PLAIN] }, plantedRun({ objects: [] }))).toBeUndefined();
  });

  it('catches a cancellation brought back by a late change of quantity', () => {
    expect(judge([{ tenant: 'tenantA', object: 'o1', state: 'reserved', qty: 3 }, ...RIGHT.slice(1)])).toEqual({
      kind: 'order',
      intention: 'tenantA/o1',
      message: 'tenantA/o1 is reserved x3 in the warehouse, but its updates in the recorded order leave it cancelled x0',
    });
  });

  it('catches a quantity older than the last change, with the state right', () => {
    expect(
      judge([RIGHT[0] as PlantedObject, { tenant: 'tenantA', object: 'o2', state: 'reserved', qty: 2 }, RIGHT[2] as PlantedObject]),
    ).toEqual({
      kind: 'order',
      intention: 'tenantA/o2',
      message: 'tenantA/o2 is reserved x2 in the warehouse, but its updates in the recorded order leave it reserved x5',
    });
  });

  it('catches an object that never came to be, and tells one tenant’s object from another’s of the same name', () => {
    expect(judge(RIGHT.slice(0, 2))).toEqual({
      kind: 'order',
      intention: 'tenantB/o1',
      message: 'tenantB/o1 is absent in the warehouse, but its updates in the recorded order leave it reserved x4',
    });
    // tenantB's object in tenantA's state and the other way round: each is found by its own tenant.
    const swapped: PlantedObject[] = [
      { tenant: 'tenantA', object: 'o1', state: 'reserved', qty: 4 },
      RIGHT[1] as PlantedObject,
      { tenant: 'tenantB', object: 'o1', state: 'cancelled', qty: 0 },
    ];
    expect(judge(swapped)?.intention).toBe('tenantA/o1');
  });
});
