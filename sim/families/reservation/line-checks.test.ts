import { describe, expect, it } from 'vitest';
import { linesRequest } from '../../../protocols/reservation/request-lines.js';
import type { Intention } from '../../../protocols/reservation/types.js';
import { UNKNOWN_PART } from '../../../protocols/reservation/warehouse-refusals.js';
import { plantedRun, type PlantedEffect, type PlantedLine, type PlantedLocal } from '../../testing/planted-run.js';
import { lineEffects, linesSettled } from './line-checks.js';

/**
 * linesSettled against planted runs: a request of two lines whose first line
 * is applied once (reservation 1) and whose second asks for a part the
 * warehouse never carries, so it is rightly refused. Each planted violation
 * changes one row of that passing run.
 */
const R = linesRequest('tenantA', 'k1', [
  { part: 'bolt', qty: 1 },
  { part: UNKNOWN_PART, qty: 2 },
]);
const PLAIN: Intention = { tenant: 'tenantA', key: 'plain', params: { part: 'p1', qty: 1 } };
const DONE: PlantedLocal = { intention: R, status: 'done', result: '{}' };
const LINE_1: PlantedEffect = { intention: R, part: 'bolt', qty: 1, tag: 'tenantA:k1#1' };
const APPLIED_1: PlantedLine = { intention: R, lineNo: 1, status: 'applied', result: '{"reservationId":1}' };
const REFUSED_2: PlantedLine = { intention: R, lineNo: 2, status: 'refused', result: '{"refused":"unknown-part"}' };

const judge = (plant: { locals?: PlantedLocal[]; effects?: PlantedEffect[]; lines?: PlantedLine[] }, intentions = [R, PLAIN]) =>
  linesSettled({ intentions }, plantedRun({ locals: [DONE], effects: [LINE_1], lines: [APPLIED_1, REFUSED_2], ...plant }));

describe('lineEffects', () => {
  it('finds a line’s rows by its oracle tag and its own part and quantity only', () => {
    const run = plantedRun({
      effects: [
        { intention: R, part: 'bolt', qty: 1, tag: 'tenantA:k1' },
        { intention: R, part: 'bolt', qty: 2, tag: 'tenantA:k1#1' },
        { intention: R, part: 'gear', qty: 1, tag: 'tenantA:k1#1' },
        { intention: R, part: 'bolt', qty: 1, tag: 'tenantA:k1#2' },
        LINE_1,
      ],
    });
    expect(lineEffects(run, R, 1)).toEqual([expect.objectContaining({ id: 5, intention_id: 'tenantA:k1#1', part: 'bolt', qty: 1 })]);
    expect(lineEffects(plantedRun({}), R, 1)).toEqual([]);
  });

  it('finds nothing for a line the request does not have, nor for an intention of one part, even under a tag that names it', () => {
    const run = plantedRun({
      effects: [
        { intention: R, part: 'bolt', qty: 1, tag: 'tenantA:k1#3' },
        { intention: PLAIN, tag: 'tenantA:plain#1' },
      ],
    });
    expect(lineEffects(run, R, 3)).toEqual([]);
    expect(lineEffects(run, PLAIN, 1)).toEqual([]);
  });
});

describe('linesSettled: planted runs', () => {
  it('passes each line applied once or rightly refused, and ignores intentions of one part', () => {
    expect(judge({})).toBeUndefined();
    expect(linesSettled({ intentions: [PLAIN] }, plantedRun({}))).toBeUndefined();
  });

  it('catches a request left pending, or never recorded, after draining', () => {
    expect(judge({ locals: [{ ...DONE, status: 'pending' }] })).toEqual({
      kind: 'stuck',
      intention: 'tenantA:k1',
      message: 'tenantA:k1 is pending after draining, expected done',
    });
    expect(judge({ locals: [] })).toEqual({
      kind: 'stuck',
      intention: 'tenantA:k1',
      message: 'tenantA:k1 is not recorded after draining, expected done',
    });
  });

  it('catches a line applied twice', () => {
    expect(judge({ effects: [LINE_1, LINE_1] })).toEqual({
      kind: 'duplicate',
      intention: 'tenantA:k1',
      message: 'line tenantA:k1#1 (bolt x1) was applied 2 times',
    });
  });

  it('catches a line applied in the warehouse but not locally, or naming another reservation', () => {
    expect(judge({ lines: [{ ...APPLIED_1, status: 'refused' }, REFUSED_2] })).toEqual({
      kind: 'identity',
      intention: 'tenantA:k1',
      message: 'line tenantA:k1#1 (bolt x1) is applied in the warehouse (reservation 1) but refused locally',
    });
    expect(judge({ lines: [{ ...APPLIED_1, result: '{"reservationId":2}' }, REFUSED_2] })?.message).toBe(
      'line tenantA:k1#1 (bolt x1) is applied in the warehouse (reservation 1) but applied locally',
    );
    expect(judge({ lines: [{ ...APPLIED_1, result: null }, REFUSED_2] })?.kind).toBe('identity');
    expect(judge({ lines: [REFUSED_2] })?.message).toBe(
      'line tenantA:k1#1 (bolt x1) is applied in the warehouse (reservation 1) but absent locally',
    );
  });

  it('catches a line never applied and not refused locally: silently dropped', () => {
    expect(judge({ effects: [], lines: [{ ...APPLIED_1, status: 'pending', result: null }, REFUSED_2] })).toEqual({
      kind: 'lost',
      intention: 'tenantA:k1',
      message: 'line tenantA:k1#1 (bolt x1) was never applied, yet it is pending locally: silently dropped',
    });
    expect(judge({ lines: [APPLIED_1] })?.message).toBe(
      `line tenantA:k1#2 (${UNKNOWN_PART} x2) was never applied, yet it is absent locally: silently dropped`,
    );
  });

  it('catches a line refused locally that the warehouse never refuses', () => {
    expect(judge({ effects: [], lines: [{ ...APPLIED_1, status: 'refused', result: '{"refused":"out-of-stock"}' }, REFUSED_2] })).toEqual({
      kind: 'identity',
      intention: 'tenantA:k1',
      message: 'line tenantA:k1#1 (bolt x1) is refused locally, but the warehouse never refuses it',
    });
  });

  it('reads each request’s own lines: another request’s applied line does not settle this one', () => {
    const other = linesRequest('tenantA', 'k2', [{ part: 'bolt', qty: 1 }]);
    const run = plantedRun({
      locals: [{ intention: other, status: 'done' }, DONE],
      effects: [{ intention: other, part: 'bolt', qty: 1, tag: 'tenantA:k2#1' }, LINE_1],
      lines: [{ intention: other, lineNo: 1, status: 'applied', result: '{"reservationId":1}' }, REFUSED_2],
    });
    expect(linesSettled({ intentions: [other, R] }, run)?.message).toBe(
      'line tenantA:k1#1 (bolt x1) is applied in the warehouse (reservation 2) but absent locally',
    );
  });
});
