import { describe, expect, it } from 'vitest';
import type { Contract, ReceiverSettings } from '../../../protocols/receivers/types.js';
import { outboxDedup } from '../../../protocols/reservation/outbox-dedup.js';
import { outboxProtocol } from '../../../protocols/reservation/outbox.js';
import type { Intention, Protocol } from '../../../protocols/reservation/types.js';
import { MemoryMedium } from '../../engine/connections.js';
import type { HistoryEvent } from '../../engine/history.js';
import { runFamily } from '../../engine/run-family.js';
import { plantedRun } from '../../testing/planted-run.js';
import { atMostOnce, doneOrReconciled, ranToEnd } from './checks.js';
import { reservationFamily } from './family.js';
import { staleOnlyWhenOld } from './stale-checks.js';

const A: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 1 } };
const WINDOW: ReceiverSettings = { retentionMs: 500, closedWindow: true };
type Event = Omit<HistoryEvent, 'seq'>;
const invoke = (atMs: number, worker = 'relay-1', key = 'k1'): Event => ({
  atMs,
  life: 0,
  worker,
  type: 'invoke',
  op: 'reserve',
  value: { call: 1, tenant: 'tenantA', key },
});
const stale = (atMs: number, worker = 'relay-1'): Event => ({
  atMs,
  life: 0,
  worker,
  type: 'fail',
  op: 'reserve',
  value: { status: 'stale' },
});

describe('staleOnlyWhenOld: planted runs', () => {
  const run = (events: Event[], issuedAtMs = 100) => plantedRun({ locals: [{ intention: A, status: 'reconcile', issuedAtMs }], events });

  it('passes a stale refusal of a request older than the window, and a run without one', () => {
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, run([invoke(601), stale(601)]))).toBeUndefined();
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, run([invoke(0)]))).toBeUndefined();
  });

  it('catches a stale refusal of a request exactly retentionMs old: the window still held it', () => {
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, run([invoke(600), stale(600)]))).toEqual({
      kind: 'lost',
      intention: 'tenantA:k1',
      message: 'tenantA:k1 was refused as stale at 600 ms, issued at 100 ms: inside the 500 ms window the warehouse promises to apply it',
    });
  });

  it('ages a reused key from its oldest record, and pairs a refusal with its own worker’s request', () => {
    const reused = plantedRun({
      locals: [
        { intention: A, status: 'reconcile', issuedAtMs: 700 },
        { intention: { ...A, params: { part: 'p1', qty: 2 } }, status: 'reconcile', issuedAtMs: 0 },
      ],
      events: [invoke(600), stale(600)],
    });
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, reused)).toBeUndefined();
    // relay-2 asked for k1 while young, relay-1 last asked for a key no intention has: relay-2's refusal is the wrong one.
    const twoWorkers = run([
      invoke(300, 'relay-2', 'k1'),
      invoke(900, 'relay-1', 'unrecorded'),
      stale(900, 'relay-1'),
      stale(300, 'relay-2'),
    ]);
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, twoWorkers)?.message).toMatch(
      /^tenantA:k1 was refused as stale at 300 ms/,
    );
    // The same worker in another life is another sender.
    const otherLife = run([invoke(300, 'relay-1', 'k1'), { ...invoke(300, 'relay-1', 'unrecorded'), life: 1 }, { ...stale(300), life: 1 }]);
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, otherLife)).toBeUndefined();
  });

  it('does not judge a request no intention was recorded for', () => {
    expect(
      staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, run([invoke(150, 'relay-1', 'unrecorded'), stale(150)])),
    ).toBeUndefined();
  });

  it('judges only the warehouse’s stale refusals of reservations, not other operations, replies or values', () => {
    const events: Event[] = [
      invoke(150),
      { ...stale(150), op: 'notify' },
      { ...stale(150), type: 'info' },
      { ...stale(150), value: { status: 'refused' } },
      { ...stale(150), value: null },
      { ...stale(150), value: ['stale'] },
      { ...stale(150), value: 'stale' },
    ];
    expect(staleOnlyWhenOld({ intentions: [A], warehouse: WINDOW }, run(events))).toBeUndefined();
  });

  it('catches any stale refusal from a warehouse that keeps receipts for ever: it has no window to close', () => {
    const verdict = staleOnlyWhenOld(
      { intentions: [A], warehouse: { retentionMs: null, closedWindow: true } },
      run([invoke(9_000), stale(9_000)]),
    );
    expect(verdict?.message).toBe(
      'tenantA:k1 was refused as stale at 9000 ms, issued at 100 ms: inside the unbounded ms window the warehouse promises to apply it',
    );
  });

  it('names a stale reply no request of its worker came before as `?`, issued at `?`, when receipts are kept for ever', () => {
    const verdict = staleOnlyWhenOld(
      { intentions: [A], warehouse: { retentionMs: null, closedWindow: true } },
      run([stale(5), invoke(6, 'relay-2')]),
    );
    expect(verdict).toEqual({
      kind: 'lost',
      intention: '?',
      message: '? was refused as stale at 5 ms, issued at ? ms: inside the unbounded ms window the warehouse promises to apply it',
    });
  });
});

describe('staleOnlyWhenOld: simulated runs under the closed window', () => {
  /** The survivor this check exists for: a warehouse that refuses everything as stale. */
  const staleEverything: Contract = {
    name: 'stale-everything',
    summary: 'refuses every request as stale',
    handle: async () => ({ status: 'stale' }),
  };
  const run = (protocol: Protocol, faults = { unavailable: [] as { fromMs: number; toMs: number }[], dropReplies: [] as number[] }) =>
    runFamily(reservationFamily, {
      protocol,
      workload: [A],
      folder: 'stale-checks',
      medium: new MemoryMedium(),
      plan: [],
      livesMax: 1,
      receiverSettings: WINDOW,
      faults,
    });

  it('fails a warehouse that refuses everything as stale, which N <= 1 and done-or-reconciled both let pass', async () => {
    const outcome = await run(
      outboxProtocol({ name: 'outbox-stale-everything', summary: 'outbox against a warehouse refusing all', contract: staleEverything }),
    );
    const trial = { intentions: [A], warehouse: WINDOW };
    expect(outcome.state['orchestrator']?.['intentions']).toEqual([expect.objectContaining({ status: 'reconcile' })]);
    expect([ranToEnd(outcome), atMostOnce(trial, outcome), doneOrReconciled(trial, outcome)]).toEqual([undefined, undefined, undefined]);
    expect(staleOnlyWhenOld(trial, outcome)).toMatchObject({ kind: 'lost', intention: 'tenantA:k1' });
  });

  it('passes the correct warehouse: a prompt request is applied, and one kept waiting past the window is rightly stale', async () => {
    const trial = { intentions: [A], warehouse: WINDOW };
    const prompt = await run(outboxDedup);
    expect(prompt.effects).toEqual({ 'tenantA:k1': 1 });
    expect(staleOnlyWhenOld(trial, prompt)).toBeUndefined();
    // Unavailable past the window: the first request that gets through is older than retention.
    const late = await run(outboxDedup, { unavailable: [{ fromMs: 0, toMs: 1_500 }], dropReplies: [] });
    expect(late.state['orchestrator']?.['intentions']).toEqual([expect.objectContaining({ status: 'reconcile' })]);
    expect(late.history.all().some((event) => event.type === 'fail' && JSON.stringify(event.value).includes('stale'))).toBe(true);
    expect(staleOnlyWhenOld(trial, late)).toBeUndefined();
  });
});
