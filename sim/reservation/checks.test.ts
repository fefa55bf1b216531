import { describe, expect, it } from 'vitest';
import type { Intention } from '../../protocols/reservation/types.js';
import { doneWith, plantedRun } from '../testing/planted-run.js';
import {
  atMostOnce,
  doneOrReconciled,
  effectsOf,
  exactlyOnceDone,
  firstViolation,
  keyIdentity,
  localRow,
  noneLost,
  noneStuck,
  ranToEnd,
  settledOnce,
} from './checks.js';

/**
 * Every check gets a planted violation it must catch and a planted run that
 * only just satisfies it: rows written by hand into real stores, each
 * differing from the passing run in the one thing the check is about.
 */
const A: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 1 } };
const B: Intention = { tenant: 'tenantA', key: 'k2', params: { part: 'p1', qty: 1 } };
/** A's key reused with other params: the same (tenant, key), a different intention. */
const A2: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 2 } };
/** A's key under another tenant: a different intention altogether. */
const OTHER_TENANT: Intention = { tenant: 'tenantB', key: 'k1', params: { part: 'p1', qty: 1 } };

const both = { intentions: [A, B] };
/** Both intentions done, each with its one effect (reservations 1 and 2). */
const bothDone = () =>
  plantedRun({
    locals: [
      { intention: A, status: 'done', result: doneWith(1) },
      { intention: B, status: 'done', result: doneWith(2) },
    ],
    effects: [{ intention: A }, { intention: B }],
  });

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

describe('exactlyOnceDone and settledOnce', () => {
  it('passes every intention done with its one effect, whose id it stores', () => {
    expect(exactlyOnceDone(both, bothDone())).toBeUndefined();
  });

  it('catches the second intention lost', () => {
    const run = plantedRun({ locals: [{ intention: A, status: 'done', result: doneWith(1) }], effects: [{ intention: A }] });
    expect(exactlyOnceDone(both, run)).toEqual({
      kind: 'lost',
      intention: 'tenantA:k2',
      message: 'N=0 for tenantA:k2: the effect never happened (local status absent)',
    });
  });

  it('catches a duplicate', () => {
    const run = plantedRun({
      locals: [{ intention: A, status: 'done', result: doneWith(1) }],
      effects: [{ intention: A }, { intention: A }],
    });
    expect(settledOnce(A, 'a', run)).toEqual({ kind: 'duplicate', intention: 'a', message: 'N=2 for a' });
  });

  it('catches an effect whose intention is still pending, or has no row', () => {
    const pending = plantedRun({ locals: [{ intention: A, status: 'pending' }], effects: [{ intention: A }] });
    expect(settledOnce(A, 'a', pending)).toEqual({
      kind: 'stuck',
      intention: 'a',
      message: 'a has its effect but is pending locally after draining',
    });
    const absent = plantedRun({ effects: [{ intention: A }] });
    expect(settledOnce(A, 'a', absent)?.message).toBe('a has its effect but is absent locally after draining');
  });

  it('catches a done intention that stores another reservation than its effect, or none', () => {
    const other = plantedRun({
      locals: [{ intention: A, status: 'done', result: doneWith(2) }],
      effects: [{ intention: B }, { intention: A }, { intention: A, qty: 5 }],
    });
    expect(settledOnce(A, 'a', other)).toBeUndefined();
    const wrong = plantedRun({
      locals: [{ intention: A, status: 'done', result: doneWith(1) }],
      effects: [{ intention: B }, { intention: A }],
    });
    expect(settledOnce(A, 'a', wrong)).toEqual({
      kind: 'identity',
      intention: 'a',
      message: 'a stored reservation 1, but its effect is 2',
    });
    const none = plantedRun({ locals: [{ intention: A, status: 'done', result: null }], effects: [{ intention: A }] });
    expect(settledOnce(A, 'a', none)).toEqual({
      kind: 'identity',
      intention: 'a',
      message: 'a stored reservation undefined, but its effect is 1',
    });
  });
});

describe('keyIdentity', () => {
  const reused = { intentions: [A, A2, OTHER_TENANT] };

  it('passes one winner per (tenant, key), its rival failed, and another tenant as its own intention', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'done', result: doneWith(1) },
        { intention: A2, status: 'failed' },
        { intention: OTHER_TENANT, status: 'done', result: doneWith(2) },
      ],
      effects: [{ intention: A }, { intention: OTHER_TENANT }],
    });
    expect(keyIdentity(reused, run)).toBeUndefined();
  });

  it('catches both intentions sharing a key taking effect', () => {
    const run = plantedRun({ effects: [{ intention: A }, { intention: A2 }, { intention: OTHER_TENANT }] });
    expect(keyIdentity(reused, run)).toEqual({
      kind: 'identity',
      intention: 'tenantA:k1',
      message: 'tenantA:k1: 2 of 2 intentions sharing the key took effect, expected exactly 1',
    });
  });

  it('catches a key none of whose intentions took effect', () => {
    const run = plantedRun({ effects: [{ intention: OTHER_TENANT }] });
    expect(keyIdentity(reused, run)).toEqual({
      kind: 'lost',
      intention: 'tenantA:k1',
      message: 'tenantA:k1: 0 of 2 intentions sharing the key took effect, expected exactly 1',
    });
  });

  it('catches a winner that is not settled', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'pending' },
        { intention: A2, status: 'failed' },
      ],
      effects: [{ intention: A }],
    });
    expect(keyIdentity({ intentions: [A, A2] }, run)?.kind).toBe('stuck');
  });

  it('catches the rival left pending instead of failed', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'done', result: doneWith(1) },
        { intention: A2, status: 'pending' },
      ],
      effects: [{ intention: A }],
    });
    expect(keyIdentity({ intentions: [A, A2] }, run)).toEqual({
      kind: 'identity',
      intention: 'tenantA:k1',
      message: 'tenantA:k1 reused with other params (p1x2) is pending, expected failed',
    });
    const absent = plantedRun({ locals: [{ intention: A, status: 'done', result: doneWith(1) }], effects: [{ intention: A }] });
    expect(keyIdentity({ intentions: [A, A2] }, absent)?.message).toBe(
      'tenantA:k1 reused with other params (p1x2) is absent, expected failed',
    );
  });
});

describe('doneOrReconciled', () => {
  it('passes an intention marked for reconciliation without an effect, and one done once', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'reconcile' },
        { intention: B, status: 'done', result: doneWith(1) },
      ],
      effects: [{ intention: B }],
    });
    expect(doneOrReconciled(both, run)).toBeUndefined();
  });

  it('catches an intention neither done nor reconciled, or absent', () => {
    const failed = plantedRun({
      locals: [
        { intention: A, status: 'reconcile' },
        { intention: B, status: 'failed' },
      ],
    });
    expect(doneOrReconciled(both, failed)).toEqual({
      kind: 'unreconciled',
      intention: 'tenantA:k2',
      message: 'tenantA:k2 is failed: neither done nor marked for reconciliation',
    });
    expect(doneOrReconciled({ intentions: [A] }, plantedRun({}))?.message).toBe(
      'tenantA:k1 is absent: neither done nor marked for reconciliation',
    );
  });

  it('judges every intention: a first one done once does not excuse a second one failed', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'done', result: doneWith(1) },
        { intention: B, status: 'failed' },
      ],
      effects: [{ intention: A }],
    });
    expect(doneOrReconciled(both, run)?.kind).toBe('unreconciled');
  });

  it('catches a done intention applied twice', () => {
    const run = plantedRun({
      locals: [
        { intention: A, status: 'reconcile' },
        { intention: B, status: 'done', result: doneWith(1) },
      ],
      effects: [{ intention: B }, { intention: B }],
    });
    expect(doneOrReconciled(both, run)).toEqual({ kind: 'duplicate', intention: 'tenantA:k2', message: 'N=2 for tenantA:k2' });
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
