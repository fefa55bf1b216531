import { describe, expect, it } from 'vitest';
import { intention, localRows, orchestratorStore, protocolContext, REFUSED_ATTEMPTS_MAX } from '../../sim/testing/protocol-context.js';
import { outboxDedup } from './outbox-dedup.js';
import type { ReserveReply } from './types.js';

/**
 * The outbox's relay driven by hand: a scripted warehouse, a clock the test
 * moves, and the orchestrator's rows read back after each step.
 */
const ok = (reservationId: number): ReserveReply => ({ status: 'ok', reservationId, replayed: false });

describe('submit', () => {
  it('records the intention and its pending outbox row in one transaction, between its two cuts, once', async () => {
    const db = orchestratorStore();
    const ctx = protocolContext(db, { now: () => 42, life: 3 });
    await outboxDedup.submit(ctx, intention('k1'));
    await outboxDedup.submit(ctx, intention('k1'));
    expect(ctx.recorded.cuts).toEqual(['before-intent', 'intent-recorded', 'before-intent', 'intent-recorded']);
    expect(localRows(db)).toEqual({
      intentions: [{ tenant: 'tenantA', key: 'k1', part: 'spare-part-7', qty: 1, status: 'pending', result: null, issuedAtMs: 42 }],
      outbox: [
        {
          intentionId: 1,
          status: 'pending',
          requestKey: 'k1',
          keyLife: 3,
          leaseOwner: null,
          leaseUntilMs: null,
          attempts: 0,
          nextAttemptMs: 0,
        },
      ],
    });
  });

  it('records the same key with other params, or under another tenant, as another intention', async () => {
    const db = orchestratorStore();
    const ctx = protocolContext(db);
    await outboxDedup.submit(ctx, intention('k1'));
    await outboxDedup.submit(ctx, intention('k1', { params: { part: 'spare-part-7', qty: 2 } }));
    await outboxDedup.submit(ctx, intention('k1', { params: { part: 'other', qty: 1 } }));
    await outboxDedup.submit(ctx, intention('k1', { tenant: 'tenantB' }));
    expect(localRows(db).outbox).toHaveLength(4);
  });
});

describe('relay', () => {
  it('sends the oldest due row as recorded, settles it done and retires the row, then reports no work left', async () => {
    const db = orchestratorStore();
    const ctx = protocolContext(db, { now: () => 7, answer: () => ({ status: 'ok', reservationId: 5, replayed: true }) });
    await outboxDedup.submit(protocolContext(db, { now: () => 3 }), intention('k1'));
    await outboxDedup.submit(protocolContext(db, { now: () => 4 }), intention('k2', { tenant: 'tenantB', params: { part: 'p', qty: 2 } }));
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toEqual([
      { tenant: 'tenantA', key: 'k1', params: { part: 'spare-part-7', qty: 1 }, issuedAtMs: 3, intentionId: 'tenantA:k1' },
      { tenant: 'tenantB', key: 'k2', params: { part: 'p', qty: 2 }, issuedAtMs: 4, intentionId: 'tenantB:k2' },
    ]);
    expect(ctx.recorded.cuts).toEqual(['response-observed', 'confirmed', 'response-observed', 'confirmed']);
    const { intentions, outbox } = localRows(db);
    expect(intentions).toEqual([
      expect.objectContaining({ key: 'k1', status: 'done', result: '{"reservationId":5,"replayed":true}' }),
      expect.objectContaining({ key: 'k2', status: 'done', result: '{"reservationId":5,"replayed":true}' }),
    ]);
    expect(outbox).toEqual([
      expect.objectContaining({ status: 'sent', leaseOwner: null, leaseUntilMs: null, attempts: 1 }),
      expect.objectContaining({ status: 'sent', leaseOwner: null, leaseUntilMs: null, attempts: 1 }),
    ]);
  });

  it('claims a row with a lease of leaseMs from now: another worker may not take it before the lease ends', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    let duringCall: unknown;
    let otherRelay: unknown;
    const first = protocolContext(db, {
      now: () => 500,
      worker: 'relay-1',
      answer: async () => {
        duringCall = localRows(db).outbox;
        // A second worker a ms before the lease ends finds nothing to claim, and is told when to come back.
        otherRelay = await outboxDedup.relay(protocolContext(db, { now: () => 1_499, worker: 'relay-2' }));
        return ok(1);
      },
    });
    await outboxDedup.relay(first);
    expect(duringCall).toEqual([expect.objectContaining({ leaseOwner: 'relay-1', leaseUntilMs: 1_500, attempts: 1 })]);
    expect(otherRelay).toEqual({ waitUntilMs: 1_500 });
  });

  it('lets another worker take a row whose lease ended, and the first settling answer wins over the late one', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    const second = protocolContext(db, { now: () => 1_000, worker: 'relay-2', answer: () => ok(2) });
    const first = protocolContext(db, {
      now: () => 0,
      worker: 'relay-1',
      answer: async () => {
        // The first worker is slow: its lease ends, the second worker claims the row, sends and settles it.
        await outboxDedup.relay(second);
        return ok(1);
      },
    });
    await outboxDedup.relay(first);
    expect(second.recorded.sent).toHaveLength(1);
    const { intentions, outbox } = localRows(db);
    expect(intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"reservationId":2,"replayed":false}' })]);
    expect(outbox).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });

  it('releases a row without a settling reply and asks again after the retry delay of that attempt', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    let now = 0;
    const replies: ReserveReply[] = [{ status: 'unavailable' }, { status: 'no-reply' }, { status: 'accepted' }, ok(9)];
    const ctx = protocolContext(db, { now: () => now, answer: () => replies.shift() ?? ok(0) });
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 100 });
    expect(localRows(db).outbox).toEqual([
      expect.objectContaining({ status: 'pending', leaseOwner: null, leaseUntilMs: null, attempts: 1, nextAttemptMs: 100 }),
    ]);
    now = 99;
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 100 });
    expect(ctx.recorded.sent).toHaveLength(1);
    now = 100;
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 300 });
    now = 300;
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 400 });
    now = 400;
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent.map((request) => request.key)).toEqual(['k1', 'k1', 'k1', 'k1']);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"reservationId":9,"replayed":false}' })]);
  });

  it('waits for the warehouse’s retry-after when it is longer than the retry delay, and for the delay when it is shorter', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    const transient = (retryAfterMs?: number): ReserveReply => ({
      status: 'refused',
      reason: 'out-of-stock',
      definitive: false,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    let now = 0;
    const replies = [transient(1_000), transient(50), transient()];
    const ctx = protocolContext(db, { now: () => now, answer: () => replies.shift() ?? ok(1) });
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 1_000 });
    now = 1_000;
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 1_200 });
    now = 1_200;
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 1_300 });
  });

  it('says when the earliest pending row is due, counting a lease that ends later than its retry time', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    await outboxDedup.submit(protocolContext(db), intention('k2'));
    db.prepare('UPDATE outbox SET next_attempt_ms = 700, lease_until_ms = 900 WHERE id = 1').run();
    db.prepare('UPDATE outbox SET next_attempt_ms = 800 WHERE id = 2').run();
    expect(await outboxDedup.relay(protocolContext(db, { now: () => 10 }))).toEqual({ waitUntilMs: 800 });
    db.prepare(`UPDATE outbox SET status = 'sent' WHERE id = 2`).run();
    expect(await outboxDedup.relay(protocolContext(db, { now: () => 10 }))).toEqual({ waitUntilMs: 900 });
  });

  it('settles a rejected key as failed, and a stale refusal for reconciliation', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    await outboxDedup.submit(protocolContext(db), intention('k2'));
    const replies: ReserveReply[] = [{ status: 'rejected', reason: 'params-mismatch' }, { status: 'stale' }];
    await outboxDedup.relay(protocolContext(db, { answer: () => replies.shift() ?? ok(0) }));
    expect(localRows(db).intentions).toEqual([
      expect.objectContaining({ key: 'k1', status: 'failed', result: '{"rejected":"params-mismatch"}' }),
      expect.objectContaining({ key: 'k2', status: 'reconcile', result: '{"refused":"stale"}' }),
    ]);
  });

  it('fails a definitive refusal at once, with the warehouse’s reason', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'refused', reason: 'unknown-part', definitive: true }) });
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(1);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'failed', result: '{"refused":"unknown-part"}' })]);
  });

  it(`asks a transient refusal again until attempt ${REFUSED_ATTEMPTS_MAX}, then fails it as given up`, async () => {
    expect(REFUSED_ATTEMPTS_MAX).toBe(6);
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    let now = 0;
    const ctx = protocolContext(db, { now: () => now, answer: () => ({ status: 'refused', reason: 'out-of-stock', definitive: false }) });
    for (let attempt = 1; attempt < REFUSED_ATTEMPTS_MAX; attempt += 1) {
      const wait = await outboxDedup.relay(ctx);
      expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'pending' })]);
      now = (wait as { waitUntilMs: number }).waitUntilMs;
    }
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(REFUSED_ATTEMPTS_MAX);
    expect(localRows(db).intentions).toEqual([
      expect.objectContaining({ status: 'failed', result: '{"refused":"out-of-stock","gaveUp":6}' }),
    ]);
  });

  it('stops at a crash after the reply: the row stays pending and leased, to be sent again after the lease', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    await expect(outboxDedup.relay(protocolContext(db, { crashAt: 'response-observed' }))).rejects.toThrow('crash');
    expect(localRows(db)).toEqual({
      intentions: [expect.objectContaining({ status: 'pending' })],
      outbox: [expect.objectContaining({ status: 'pending', leaseOwner: 'relay-1', leaseUntilMs: 1_000, attempts: 1 })],
    });
    const recovery = protocolContext(db, { now: () => 1_000, life: 1 });
    await outboxDedup.relay(recovery);
    expect(recovery.recorded.sent.map((request) => request.key)).toEqual(['k1']);
    expect(localRows(db).outbox).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });
});
