import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { intention, localRows, orchestratorStore, protocolContext, REFUSED_ATTEMPTS_MAX } from '../../sim/testing/protocol-context.js';
import { lastWriterWins } from './last-writer-wins.js';
import { OUT_OF_ORDER } from './object-updates.js';
import { outboxDedup } from './outbox-dedup.js';
import type { Intention, ReserveReply, UpdateOp } from './types.js';

/**
 * Updates to one reservation object through the outbox: each update's place
 * is fixed in the transaction that records it, travels with every attempt,
 * and an update refused as out of order waits for its predecessor.
 */
const updateOf = (key: string, object: string, op: UpdateOp, change: Partial<Intention> = {}): Intention =>
  intention(key, { params: { part: 'p1', qty: 2, update: { object, op } }, ...change });

const places = (db: Database.Database): unknown[] =>
  db
    .prepare(
      'SELECT i.key, i.object, i.op, o.object_seq AS objectSeq FROM intentions i JOIN outbox o ON o.intention_id = i.id ORDER BY i.id',
    )
    .all();

describe('submit: an update’s place', () => {
  it('numbers the updates to each object of each tenant in the order recorded, once, and a plain reservation not at all', async () => {
    const db = orchestratorStore();
    const ctx = protocolContext(db);
    await outboxDedup.submit(ctx, updateOf('u1', 'o1', 'reserve'));
    await outboxDedup.submit(ctx, intention('plain'));
    await outboxDedup.submit(ctx, updateOf('u2', 'o2', 'reserve'));
    await outboxDedup.submit(ctx, updateOf('u3', 'o1', 'change-quantity'));
    // Re-presented after a crash: the same intention keeps its first place.
    await outboxDedup.submit(ctx, updateOf('u1', 'o1', 'reserve'));
    await outboxDedup.submit(ctx, updateOf('u4', 'o1', 'reserve', { tenant: 'tenantB' }));
    await outboxDedup.submit(ctx, updateOf('u5', 'o1', 'cancel'));
    expect(places(db)).toEqual([
      { key: 'u1', object: 'o1', op: 'reserve', objectSeq: 1 },
      { key: 'plain', object: null, op: null, objectSeq: null },
      { key: 'u2', object: 'o2', op: 'reserve', objectSeq: 1 },
      { key: 'u3', object: 'o1', op: 'change-quantity', objectSeq: 2 },
      { key: 'u4', object: 'o1', op: 'reserve', objectSeq: 1 },
      { key: 'u5', object: 'o1', op: 'cancel', objectSeq: 3 },
    ]);
  });
});

describe('relay: an update travels with its place', () => {
  it('sends the update and its place with every attempt, and a plain reservation without either', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db, { now: () => 5 }), updateOf('u1', 'o1', 'reserve'));
    await outboxDedup.submit(protocolContext(db, { now: () => 5 }), updateOf('u2', 'o1', 'cancel'));
    await outboxDedup.submit(protocolContext(db, { now: () => 5 }), intention('plain'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'ok', reservationId: 1, replayed: false }) });
    await outboxDedup.relay(ctx);
    expect(ctx.recorded.sent).toEqual([
      {
        tenant: 'tenantA',
        key: 'u1',
        params: { part: 'p1', qty: 2, update: { object: 'o1', op: 'reserve' } },
        issuedAtMs: 5,
        intentionId: 'tenantA:u1',
        seq: 1,
      },
      {
        tenant: 'tenantA',
        key: 'u2',
        params: { part: 'p1', qty: 2, update: { object: 'o1', op: 'cancel' } },
        issuedAtMs: 5,
        intentionId: 'tenantA:u2',
        seq: 2,
      },
      { tenant: 'tenantA', key: 'plain', params: { part: 'spare-part-7', qty: 1 }, issuedAtMs: 5, intentionId: 'tenantA:plain' },
    ]);
  });

  it('waits for the predecessor of an update refused as out of order, past the refusal cap, then settles it', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), updateOf('u1', 'o1', 'change-quantity'));
    let now = 0;
    let refusals = REFUSED_ATTEMPTS_MAX + 2;
    const ctx = protocolContext(db, {
      now: () => now,
      answer: (): ReserveReply =>
        refusals-- > 0
          ? { status: 'refused', reason: OUT_OF_ORDER, definitive: false }
          : { status: 'ok', reservationId: 4, replayed: false },
    });
    for (let attempt = 1; attempt <= REFUSED_ATTEMPTS_MAX + 2; attempt += 1) {
      const wait = await outboxDedup.relay(ctx);
      expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'pending', result: null })]);
      now = (wait as { waitUntilMs: number }).waitUntilMs;
    }
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(REFUSED_ATTEMPTS_MAX + 3);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: '{"reservationId":4,"replayed":false}' })]);
  });
});

describe('last-writer-wins: the sequence seam', () => {
  it('records the update’s place as the correct outbox does, but sends the update without it', async () => {
    const db = orchestratorStore();
    await lastWriterWins.submit(protocolContext(db), updateOf('u1', 'o1', 'reserve'));
    await lastWriterWins.submit(protocolContext(db), updateOf('u2', 'o1', 'cancel'));
    const ctx = protocolContext(db);
    await lastWriterWins.relay(ctx);
    expect(places(db)).toEqual([expect.objectContaining({ objectSeq: 1 }), expect.objectContaining({ objectSeq: 2 })]);
    expect(ctx.recorded.sent.map((request) => [request.params.update, 'seq' in request])).toEqual([
      [{ object: 'o1', op: 'reserve' }, false],
      [{ object: 'o1', op: 'cancel' }, false],
    ]);
  });
});
