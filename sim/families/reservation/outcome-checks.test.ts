import { describe, expect, it } from 'vitest';
import { A, A2, B, OTHER_TENANT, both, bothDone } from '../../testing/planted-intentions.js';
import { doneWith, plantedRun } from '../../testing/planted-run.js';
import { doneOrReconciled, exactlyOnceDone, keyIdentity, settledOnce } from './checks.js';

/**
 * The checks of what each intention became (done once, settled once, one
 * winner per key, done or marked for reconciliation), each with a planted
 * violation it must catch and a planted run that only just satisfies it.
 */
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
