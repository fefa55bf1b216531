import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { WAREHOUSE_SCHEMA } from '../../protocols/reservation/warehouse.js';
import type { Intention } from '../../protocols/reservation/types.js';
import { countEffects, intentionLabels } from './count-effects.js';

const A: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 1 } };
const A2: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 2 } };
const B: Intention = { tenant: 'tenantB', key: 'k1', params: { part: 'p1', qty: 1 } };

describe('intentionLabels', () => {
  it('names an intention tenant:key, adding the params only where two share a tenant and key', () => {
    expect(intentionLabels([A, B])).toEqual(['tenantA:k1', 'tenantB:k1']);
    expect(intentionLabels([A, A2, B])).toEqual(['tenantA:k1(p1x1)', 'tenantA:k1(p1x2)', 'tenantB:k1']);
    expect(intentionLabels([])).toEqual([]);
  });
});

describe('countEffects', () => {
  it('counts the reservation rows of each intention by its oracle tag and params, read from the warehouse file', () => {
    const warehouse = new Database(':memory:');
    warehouse.exec(WAREHOUSE_SCHEMA);
    const insert = warehouse.prepare(
      `INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms) VALUES (?, 'k1', ?, ?, ?, 0)`,
    );
    insert.run('tenantA', 'p1', 1, 'tenantA:k1');
    insert.run('tenantA', 'p1', 1, 'tenantA:k1');
    insert.run('tenantA', 'p2', 1, 'tenantA:k1');
    insert.run('tenantB', 'p1', 1, 'tenantB:k1');
    expect(countEffects(warehouse, [A, A2, B])).toEqual({ 'tenantA:k1(p1x1)': 2, 'tenantA:k1(p1x2)': 0, 'tenantB:k1': 1 });
    warehouse.close();
  });
});
