import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { linesRequest } from '../../../protocols/reservation/request-lines.js';
import { WAREHOUSE_SCHEMA } from '../../../protocols/reservation/warehouse.js';
import type { Intention } from '../../../protocols/reservation/types.js';
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

describe('countEffects for a request of several lines', () => {
  it('counts its most-applied line, each line by its own tag and params, 0 when no line was applied', () => {
    const warehouse = new Database(':memory:');
    warehouse.exec(WAREHOUSE_SCHEMA);
    const insert = warehouse.prepare(
      `INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms) VALUES ('tenantA', 'k', ?, ?, ?, 0)`,
    );
    const twoLines = linesRequest('tenantA', 'r1', [
      { part: 'bolt', qty: 1 },
      { part: 'gear', qty: 2 },
    ]);
    const untouched = linesRequest('tenantA', 'r2', [{ part: 'bolt', qty: 1 }]);
    insert.run('bolt', 1, 'tenantA:r1#1');
    insert.run('gear', 2, 'tenantA:r1#2');
    insert.run('gear', 2, 'tenantA:r1#2');
    // Rows that are not r1's second line: another line's tag, other params, the request's own tag.
    insert.run('gear', 2, 'tenantA:r1#1');
    insert.run('gear', 3, 'tenantA:r1#2');
    insert.run('gear', 2, 'tenantA:r1');
    expect(countEffects(warehouse, [twoLines, untouched])).toEqual({ 'tenantA:r1': 2, 'tenantA:r2': 0 });
    insert.run('bolt', 1, 'tenantA:r2#1');
    expect(countEffects(warehouse, [untouched])).toEqual({ 'tenantA:r2': 1 });
    warehouse.close();
  });
});
