import { describe, expect, it } from 'vitest';
import { intention, localRows, orchestratorStore, protocolContext } from '../../sim/testing/protocol-context.js';
import { asyncAccept, asyncAcceptReconciled } from './async-accept.js';
import { keyRegeneratedOnResume } from './key-regenerated-on-resume.js';
import { outboxDeleteAfterPublish } from './outbox-delete-after-publish.js';
import { retryDefinitiveRefusals } from './retry-definitive-refusals.js';
import type { ReserveReply } from './types.js';

/** Each flaw lives in one seam of the outbox: these tests drive that seam and show the flaw's own difference. */
describe('key-regenerated-on-resume: the requestKey seam', () => {
  it('keeps the recorded key for a row never tried, and in the life that minted it', async () => {
    const db = orchestratorStore();
    await keyRegeneratedOnResume.submit(protocolContext(db), intention('k1'));
    // Submitted in life 0, first tried in life 2: the row was never tried, so it keeps its key.
    const later = protocolContext(db, { life: 2 });
    await keyRegeneratedOnResume.relay(later);
    expect(later.recorded.sent.map((request) => request.key)).toEqual(['k1']);
    expect(localRows(db).outbox).toEqual([expect.objectContaining({ requestKey: 'k1', keyLife: 0 })]);
  });

  it('keeps the recorded key across attempts in the life that recorded it', async () => {
    const db = orchestratorStore();
    await keyRegeneratedOnResume.submit(protocolContext(db, { life: 1 }), intention('k1'));
    let now = 0;
    const replies: ReserveReply[] = [{ status: 'no-reply' }, { status: 'ok', reservationId: 1, replayed: false }];
    const ctx = protocolContext(db, { life: 1, now: () => now, answer: () => replies.shift() ?? { status: 'unavailable' } });
    await keyRegeneratedOnResume.relay(ctx);
    now = 10_000;
    await keyRegeneratedOnResume.relay(ctx);
    expect(ctx.recorded.sent.map((request) => request.key)).toEqual(['k1', 'k1']);
  });

  it('mints a fresh key, stored for the life, for a row tried in an earlier life; the same life keeps it', async () => {
    const db = orchestratorStore();
    await keyRegeneratedOnResume.submit(protocolContext(db), intention('k1'));
    const replies: ReserveReply[] = [{ status: 'no-reply' }, { status: 'no-reply' }, { status: 'ok', reservationId: 1, replayed: false }];
    const answer = () => replies.shift() ?? { status: 'unavailable' as const };
    await keyRegeneratedOnResume.relay(protocolContext(db, { answer }));
    let now = 100;
    const recovery = protocolContext(db, { life: 1, answer, now: () => now });
    await keyRegeneratedOnResume.relay(recovery);
    expect(localRows(db).outbox).toEqual([expect.objectContaining({ requestKey: 'k1~life1', keyLife: 1 })]);
    now = 10_000;
    await keyRegeneratedOnResume.relay(recovery);
    expect(recovery.recorded.sent.map((request) => request.key)).toEqual(['k1~life1', 'k1~life1']);
  });
});

describe('outbox-delete-after-publish: the confirm seam', () => {
  it('settles the intention, then deletes the row in a transaction of its own; the first settling answer still wins', async () => {
    const db = orchestratorStore();
    await outboxDeleteAfterPublish.submit(protocolContext(db), intention('k1'));
    await outboxDeleteAfterPublish.relay(protocolContext(db, { answer: () => ({ status: 'ok', reservationId: 3, replayed: false }) }));
    expect(localRows(db)).toEqual({
      intentions: [expect.objectContaining({ status: 'done', result: '{"reservationId":3,"replayed":false}' })],
      outbox: [],
    });
    db.prepare(`INSERT INTO outbox (intention_id, status, request_key) VALUES (1, 'pending', 'k1')`).run();
    await outboxDeleteAfterPublish.relay(protocolContext(db, { answer: () => ({ status: 'ok', reservationId: 4, replayed: false }) }));
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"reservationId":3,"replayed":false}' })]);
  });

  it('leaves the row pending when it crashes between settling and deleting: recovery publishes it again', async () => {
    const db = orchestratorStore();
    await outboxDeleteAfterPublish.submit(protocolContext(db), intention('k1'));
    let transactions = 0;
    // The relay's transactions: the claim, the settling update, then the delete, where it crashes.
    const crashing = protocolContext(db, {
      beforeTransaction: () => {
        transactions += 1;
        if (transactions === 3) throw new Error('crash');
      },
    });
    await expect(outboxDeleteAfterPublish.relay(crashing)).rejects.toThrow('crash');
    expect(localRows(db)).toEqual({
      intentions: [expect.objectContaining({ status: 'done' })],
      outbox: [expect.objectContaining({ status: 'pending' })],
    });
    const recovery = protocolContext(db, { now: () => 1_000, life: 1 });
    await outboxDeleteAfterPublish.relay(recovery);
    expect(recovery.recorded.sent).toHaveLength(1);
  });
});

describe('async-accept: the onAccepted seam', () => {
  it('the flaw takes "accepted" for done and never asks again', async () => {
    const db = orchestratorStore();
    await asyncAccept.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'accepted' }) });
    expect(await asyncAccept.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(1);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"accepted":true}' })]);
  });

  it('the repair asks again by the same key until the completed result comes', async () => {
    const db = orchestratorStore();
    await asyncAcceptReconciled.submit(protocolContext(db), intention('k1'));
    let now = 0;
    const replies: ReserveReply[] = [{ status: 'accepted' }, { status: 'ok', reservationId: 8, replayed: true }];
    const ctx = protocolContext(db, { now: () => now, answer: () => replies.shift() ?? { status: 'unavailable' } });
    expect(await asyncAcceptReconciled.relay(ctx)).toEqual({ waitUntilMs: 100 });
    now = 100;
    await asyncAcceptReconciled.relay(ctx);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"reservationId":8,"replayed":true}' })]);
  });
});

describe('retry-definitive-refusals: the onRefused seam', () => {
  it('asks a definitive refusal again instead of failing it', async () => {
    const db = orchestratorStore();
    await retryDefinitiveRefusals.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'refused', reason: 'unknown-part', definitive: true }) });
    expect(await retryDefinitiveRefusals.relay(ctx)).toEqual({ waitUntilMs: 100 });
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});
