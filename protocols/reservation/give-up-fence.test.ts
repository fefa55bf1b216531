import { describe, expect, it } from 'vitest';
import { intention, localRows, orchestratorStore, protocolContext, REFUSED_ATTEMPTS_MAX } from '../../sim/testing/protocol-context.js';
import { outboxDedup } from './outbox-dedup.js';
import type { ReserveReply } from './types.js';

/**
 * A give-up is the relay's own conclusion, not the warehouse's answer: it is
 * written only while the relay still holds the row's lease. Driven by hand:
 * the first relay's reply is held back while a second relay takes the row.
 */
const outOfStock: ReserveReply = { status: 'refused', reason: 'out-of-stock', definitive: false };

/** The row one claim short of the refusal cap: the next claim's refusal is the give-up. */
async function rowAtLastAttempt() {
  const db = orchestratorStore();
  await outboxDedup.submit(protocolContext(db), intention('k1'));
  db.prepare('UPDATE outbox SET attempts = ?').run(REFUSED_ATTEMPTS_MAX - 1);
  return db;
}

describe('a give-up under the lease', () => {
  it('is not written once another relay took the row, whose attempt the warehouse applied: the intention ends done', async () => {
    const db = await rowAtLastAttempt();
    let answerFirst!: (reply: ReserveReply) => void;
    const first = protocolContext(db, { now: () => 0, worker: 'relay-1', answer: () => new Promise((resolve) => (answerFirst = resolve)) });
    const firstRelay = outboxDedup.relay(first);
    // The first relay's reply is on its way; its lease (1,000 ms) ends, and a second relay claims the row and is applied.
    const second = protocolContext(db, {
      now: () => 1_000,
      worker: 'relay-2',
      answer: async () => {
        expect(localRows(db).outbox).toEqual([expect.objectContaining({ leaseOwner: 'relay-2', attempts: REFUSED_ATTEMPTS_MAX + 1 })]);
        // Only now does the first relay hear its refusal, its sixth: it would give up here.
        answerFirst(outOfStock);
        await firstRelay;
        expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'pending' })]);
        return { status: 'ok', reservationId: 7, replayed: false };
      },
    });
    await outboxDedup.relay(second);
    // The fault fired: the first relay reached its cap with a transient refusal, and wrote nothing.
    expect(first.recorded.sent).toHaveLength(1);
    expect(first.recorded.cuts).toEqual(['response-observed']);
    expect(localRows(db)).toEqual({
      intentions: [expect.objectContaining({ status: 'done', result: '{"reservationId":7,"replayed":false}' })],
      outbox: [expect.objectContaining({ status: 'sent', leaseOwner: null, attempts: REFUSED_ATTEMPTS_MAX + 1 })],
    });
  });

  it('is not written once its own lease has ended, even unclaimed: the row is claimed again and given up under that lease', async () => {
    const db = await rowAtLastAttempt();
    let now = 0;
    const ctx = protocolContext(db, {
      now: () => now,
      answer: () => {
        // The first reply takes past the lease; the second comes back at once.
        if (now === 0) now = 1_000;
        return outOfStock;
      },
    });
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(2);
    expect(ctx.recorded.cuts).toEqual(['response-observed', 'response-observed', 'confirmed']);
    expect(localRows(db).intentions).toEqual([
      expect.objectContaining({ status: 'failed', result: `{"refused":"out-of-stock","gaveUp":${REFUSED_ATTEMPTS_MAX + 1}}` }),
    ]);
  });

  it('writes a definitive refusal even after the lease ended: the warehouse’s answer holds whoever hears it', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), intention('k1'));
    let now = 0;
    const ctx = protocolContext(db, {
      now: () => now,
      answer: () => {
        now = 5_000;
        return { status: 'refused', reason: 'tenant-not-allowed', definitive: true };
      },
    });
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(1);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'failed', result: '{"refused":"tenant-not-allowed"}' })]);
  });
});
