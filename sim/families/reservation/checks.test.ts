import { describe, expect, it } from 'vitest';
import { A, A2, B, OTHER_TENANT, both, bothDone } from '../../testing/planted-intentions.js';
import { doneWith, plantedRun } from '../../testing/planted-run.js';
import { atMostOnce, effectsOf, firstViolation, localRow, noneLost, noneStuck, ranToEnd } from './checks.js';

/**
 * Every check gets a planted violation it must catch and a planted run that
 * only just satisfies it: rows written by hand into real stores, each
 * differing from the passing run in the one thing the check is about.
 */

describe('reading a run: localRow and effectsOf match tenant, key and params exactly', () => {
  it('finds the row and effects of an intention and none of its look-alikes', () => {
    const run = plantedRun({
      locals: [
        { intention: OTHER_TENANT, status: 'failed' },
        { intention: { ...A, key: 'other' }, status: 'failed' },
        { intention: { ...A, params: { part: 'p2', qty: 1 } }, status: 'failed' },
        { intention: A2, status: 'failed' },
        { intention: A, status: 'done', result: doneWith(3) },
      ],
      effects: [{ intention: A, part: 'p2' }, { intention: A, qty: 2 }, { intention: OTHER_TENANT }, { intention: A }],
    });
    expect(localRow(run, A)).toMatchObject({ tenant: 'tenantA', key: 'k1', part: 'p1', qty: 1, status: 'done' });
    expect(effectsOf(run, A)).toEqual([expect.objectContaining({ id: 4, intention_id: 'tenantA:k1', part: 'p1', qty: 1 })]);
    expect(localRow(plantedRun({}), A)).toBeUndefined();
    // A protocol with a local schema of its own may have no intentions table at all.
    expect(localRow({ ...plantedRun({}), state: { orchestrator: {} } }, A)).toBeUndefined();
    expect(localRow({ ...plantedRun({}), state: {} }, A)).toBeUndefined();
    expect(effectsOf(plantedRun({}), A)).toEqual([]);
  });
});

describe('ranToEnd', () => {
  it('passes a completed run and names an error or exhausted lives', () => {
    expect(ranToEnd(plantedRun({}))).toBeUndefined();
    expect(ranToEnd(plantedRun({ end: { kind: 'error', message: 'boom' } }))).toEqual({
      kind: 'error',
      message: 'the run failed: boom',
    });
    expect(ranToEnd(plantedRun({ end: { kind: 'lives-exhausted', livesMax: 7 } }))).toEqual({
      kind: 'stuck',
      message: 'no life completed within 7 lives',
    });
  });
});

describe('atMostOnce', () => {
  it('passes one effect each, and effects of look-alike params do not count', () => {
    expect(atMostOnce(both, bothDone())).toBeUndefined();
    const lookAlikes = plantedRun({ effects: [{ intention: A }, { intention: A, qty: 2 }, { intention: A, part: 'p2' }] });
    expect(atMostOnce(both, lookAlikes)).toBeUndefined();
  });

  it('catches a second effect of the second intention', () => {
    const run = plantedRun({ effects: [{ intention: A }, { intention: B }, { intention: B }] });
    expect(atMostOnce(both, run)).toEqual({
      kind: 'duplicate',
      intention: 'tenantA:k2',
      message: 'N=2 for tenantA:k2: the warehouse applied it 2 times',
    });
  });
});

describe('noneLost', () => {
  it('passes one effect each', () => {
    expect(noneLost(both, bothDone())).toBeUndefined();
  });

  it('catches the second intention without an effect, with its local status', () => {
    const run = plantedRun({ locals: [{ intention: B, status: 'done' }], effects: [{ intention: A }] });
    expect(noneLost(both, run)).toEqual({
      kind: 'lost',
      intention: 'tenantA:k2',
      message: 'N=0 for tenantA:k2: the effect never happened (local status done)',
    });
    expect(noneLost({ intentions: [A] }, plantedRun({}))?.message).toBe(
      'N=0 for tenantA:k1: the effect never happened (local status absent)',
    );
  });
});

describe('noneStuck', () => {
  it('passes every intention settled locally, whether done or failed', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'done' },
        { intention: B, status: 'failed' },
      ],
    });
    expect(noneStuck(both, run)).toBeUndefined();
  });

  it('catches an intention still pending, and one never recorded', () => {
    const pending = plantedRun({
      locals: [
        { intention: A, status: 'done' },
        { intention: B, status: 'pending' },
      ],
    });
    expect(noneStuck(both, pending)).toEqual({
      kind: 'stuck',
      intention: 'tenantA:k2',
      message: 'tenantA:k2 is still pending after draining',
    });
    const absent = plantedRun({ locals: [{ intention: A, status: 'done' }] });
    expect(noneStuck(both, absent)).toEqual({
      kind: 'stuck',
      intention: 'tenantA:k2',
      message: 'tenantA:k2 is not recorded after draining',
    });
  });
});

describe('firstViolation', () => {
  it('returns the first violation in order and asks no further check', () => {
    const asked: string[] = [];
    const check = (name: string, found: boolean) => () => {
      asked.push(name);
      return found ? { kind: 'lost' as const, message: name } : undefined;
    };
    expect(firstViolation(check('a', false), check('b', true), check('c', true))).toEqual({ kind: 'lost', message: 'b' });
    expect(asked).toEqual(['a', 'b']);
    expect(firstViolation(check('d', false))).toBeUndefined();
  });
});
