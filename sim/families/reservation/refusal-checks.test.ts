import { describe, expect, it } from 'vitest';
import { BACKORDERED_PART, BLOCKED_TENANT, UNKNOWN_PART } from '../../../protocols/reservation/warehouse-refusals.js';
import type { Intention } from '../../../protocols/reservation/types.js';
import type { HistoryEvent } from '../../engine/history.js';
import { doneWith, plantedRun } from '../../testing/planted-run.js';
import { definitiveRefusalsByWorkerLife, expectedRefusal, refusalsSettled } from './refusal-checks.js';

const PLAIN: Intention = { tenant: 'tenantA', key: 'plain', params: { part: 'p1', qty: 1 } };
const BLOCKED: Intention = { tenant: BLOCKED_TENANT, key: 'blocked', params: { part: 'p1', qty: 1 } };
const UNKNOWN: Intention = { tenant: 'tenantA', key: 'unknown', params: { part: UNKNOWN_PART, qty: 1 } };
const BACKORDER: Intention = { tenant: 'tenantA', key: 'later', params: { part: BACKORDERED_PART, qty: 1 } };

type Event = Omit<HistoryEvent, 'seq'>;
const invoke = (life: number, worker: string, intention: Intention, op = 'reserve'): Event => ({
  atMs: 0,
  life,
  worker,
  type: 'invoke',
  op,
  value: { call: 1, tenant: intention.tenant, key: intention.key },
});
const refused = (life: number, worker: string, definitive: boolean, op = 'reserve'): Event => ({
  atMs: 0,
  life,
  worker,
  type: 'fail',
  op,
  value: { status: 'refused', reason: 'unknown-part', definitive },
});

describe('expectedRefusal: what the warehouse rules say before a request is sent', () => {
  it('names a blocked tenant and an unknown part definitive, a backordered part transient, the rest applied', () => {
    expect(expectedRefusal(BLOCKED)).toBe('definitive');
    expect(expectedRefusal(UNKNOWN)).toBe('definitive');
    expect(expectedRefusal(BACKORDER)).toBe('transient');
    expect(expectedRefusal({ ...BACKORDER, tenant: BLOCKED_TENANT })).toBe('definitive');
    expect(expectedRefusal(PLAIN)).toBeUndefined();
  });
});

describe('definitiveRefusalsByWorkerLife', () => {
  it('pairs each definitive refusal with its worker’s last invoke in the same life, and counts nothing else', () => {
    const counts = definitiveRefusalsByWorkerLife(
      plantedRun({
        events: [
          invoke(0, 'relay-1', UNKNOWN),
          invoke(0, 'relay-2', PLAIN),
          refused(0, 'relay-1', true),
          refused(0, 'relay-2', false),
          invoke(0, 'relay-1', UNKNOWN),
          refused(0, 'relay-1', true),
          invoke(1, 'relay-1', BLOCKED),
          refused(1, 'relay-1', true),
          // Another operation's refusal, an unpaired one, and an ok are not reservations refused for good.
          refused(1, 'relay-1', true, 'notify'),
          refused(2, 'relay-3', true),
          { atMs: 0, life: 1, worker: 'relay-1', type: 'ok', op: 'reserve', value: { status: 'refused', definitive: true } },
          { atMs: 0, life: 1, worker: 'relay-1', type: 'fail', op: 'reserve', value: 'refused' },
          { atMs: 0, life: 1, worker: 'relay-1', type: 'fail', op: 'reserve', value: ['refused'] },
          { atMs: 0, life: 1, worker: 'relay-1', type: 'fail', op: 'reserve' },
          { atMs: 0, life: 1, worker: 'relay-1', type: 'fail', op: 'reserve', value: null },
          { atMs: 0, life: 1, worker: 'relay-1', type: 'fail', op: 'reserve', value: { status: 'stale', definitive: true } },
        ],
      }).history.all(),
    );
    expect(Object.fromEntries(counts)).toEqual({
      '0/relay-1/tenantA:unknown': 2,
      [`1/relay-1/${BLOCKED_TENANT}:blocked`]: 1,
      '2/relay-3/?': 1,
    });
  });
});

describe('refusalsSettled', () => {
  const trial = { intentions: [PLAIN, UNKNOWN, BACKORDER] };
  const settled = (events: readonly Event[] = []) =>
    plantedRun({
      locals: [
        { intention: PLAIN, status: 'done', result: doneWith(1) },
        { intention: UNKNOWN, status: 'failed', result: JSON.stringify({ refused: 'unknown-part' }) },
        { intention: BACKORDER, status: 'done', result: doneWith(2) },
      ],
      effects: [{ intention: PLAIN }, { intention: BACKORDER }],
      events,
    });

  it('passes: applied once, refused for good and failed with its reason, the backorder done once after the restock', () => {
    expect(refusalsSettled(trial, settled([invoke(0, 'relay-1', UNKNOWN), refused(0, 'relay-1', true)]))).toBeUndefined();
  });

  it('passes a backorder given up as failed with its reason and attempts, and no effect', () => {
    const run = plantedRun({
      locals: [{ intention: BACKORDER, status: 'failed', result: JSON.stringify({ refused: 'out-of-stock', gaveUp: 6 }) }],
    });
    expect(refusalsSettled({ intentions: [BACKORDER] }, run)).toBeUndefined();
  });

  it('catches an intention still pending or never recorded', () => {
    const pending = plantedRun({ locals: [{ intention: UNKNOWN, status: 'pending' }] });
    expect(refusalsSettled({ intentions: [UNKNOWN] }, pending)).toEqual({
      kind: 'stuck',
      intention: 'tenantA:unknown',
      message: 'tenantA:unknown is still pending after draining',
    });
    expect(refusalsSettled({ intentions: [PLAIN] }, plantedRun({}))?.message).toBe('tenantA:plain is not recorded after draining');
  });

  it('catches a plain intention applied twice, and a backorder done twice', () => {
    const twice = plantedRun({
      locals: [{ intention: PLAIN, status: 'done', result: doneWith(1) }],
      effects: [{ intention: PLAIN }, { intention: PLAIN }],
    });
    expect(refusalsSettled({ intentions: [PLAIN] }, twice)?.kind).toBe('duplicate');
    const backorder = plantedRun({
      locals: [{ intention: BACKORDER, status: 'done', result: doneWith(1) }],
      effects: [{ intention: BACKORDER }, { intention: BACKORDER }],
    });
    expect(refusalsSettled({ intentions: [BACKORDER] }, backorder)?.kind).toBe('duplicate');
  });

  it('catches a refused intention the warehouse nonetheless applied', () => {
    const run = plantedRun({
      locals: [{ intention: UNKNOWN, status: 'failed', result: JSON.stringify({ refused: 'unknown-part' }) }],
      effects: [{ intention: UNKNOWN }],
    });
    expect(refusalsSettled({ intentions: [UNKNOWN] }, run)).toEqual({
      kind: 'identity',
      intention: 'tenantA:unknown',
      message: 'tenantA:unknown was refused, yet the warehouse holds N=1',
    });
  });

  it('catches a definitive refusal that ended done, or failed without the warehouse’s reason', () => {
    const done = plantedRun({ locals: [{ intention: UNKNOWN, status: 'done', result: doneWith(1) }] });
    expect(refusalsSettled({ intentions: [UNKNOWN] }, done)).toEqual({
      kind: 'identity',
      intention: 'tenantA:unknown',
      message: `tenantA:unknown ended done with ${doneWith(1)}, expected failed with the refusal`,
    });
    // The reason alone is not enough: the intention must also have ended failed.
    const reconciled = plantedRun({
      locals: [{ intention: UNKNOWN, status: 'reconcile', result: JSON.stringify({ refused: 'unknown-part' }) }],
    });
    expect(refusalsSettled({ intentions: [UNKNOWN] }, reconciled)?.message).toBe(
      'tenantA:unknown ended reconcile with {"refused":"unknown-part"}, expected failed with the refusal',
    );
    const noReason = plantedRun({ locals: [{ intention: UNKNOWN, status: 'failed', result: null }] });
    expect(refusalsSettled({ intentions: [UNKNOWN] }, noReason)?.message).toBe(
      'tenantA:unknown ended failed with no result, expected failed with the refusal',
    );
  });

  it('catches a backorder failed without giving up: a transient refusal must be asked again first', () => {
    const run = plantedRun({ locals: [{ intention: BACKORDER, status: 'failed', result: JSON.stringify({ refused: 'out-of-stock' }) }] });
    expect(refusalsSettled({ intentions: [BACKORDER] }, run)?.kind).toBe('identity');
  });

  it('catches a definitive refusal asked again by the same worker in the same life, and no other worker or life', () => {
    const again = settled([
      invoke(0, 'relay-1', UNKNOWN),
      refused(0, 'relay-1', true),
      invoke(0, 'relay-1', UNKNOWN),
      refused(0, 'relay-1', true),
    ]);
    expect(refusalsSettled(trial, again)).toEqual({
      kind: 'retried',
      intention: 'tenantA:unknown',
      message: 'tenantA:unknown was refused for good 2 times by one worker in one life (0/relay-1/tenantA:unknown)',
    });
    const spread = settled([
      invoke(0, 'relay-1', UNKNOWN),
      refused(0, 'relay-1', true),
      invoke(0, 'relay-2', UNKNOWN),
      refused(0, 'relay-2', true),
      invoke(1, 'relay-1', UNKNOWN),
      refused(1, 'relay-1', true),
    ]);
    expect(refusalsSettled(trial, spread)).toBeUndefined();
    // Another intention refused twice is not this one's retry: the request must end with this intention's tenant:key.
    const lookAlike: Intention = { tenant: 'xtenantA', key: 'unknown', params: { part: UNKNOWN_PART, qty: 1 } };
    const other = settled([
      invoke(0, 'relay-1', lookAlike),
      refused(0, 'relay-1', true),
      invoke(0, 'relay-1', lookAlike),
      refused(0, 'relay-1', true),
    ]);
    expect(refusalsSettled(trial, other)).toBeUndefined();
  });
});
