import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { orchestratorStore, protocolContext } from '../../sim/testing/protocol-context.js';
import { outboxDedup } from './outbox-dedup.js';
import { partialIsDone } from './partial-is-done.js';
import { linesRequest } from './request-lines.js';
import { resendWholeNewKey } from './resend-whole-new-key.js';
import type { ReserveReply, ReserveRequest } from './types.js';

/**
 * A request of several lines through the outbox: each line's key is fixed
 * when the intention is recorded, each reply settles its own line, and only
 * the lines still unknown are asked again. The flaws' seams change exactly
 * one of those steps.
 */
const THREE_LINES = linesRequest('tenantA', 'k1', [
  { part: 'bolt', qty: 1 },
  { part: 'gear', qty: 2 },
  { part: 'nut', qty: 3 },
]);
const ok = (reservationId: number): ReserveReply => ({ status: 'ok', reservationId, replayed: false });
const outOfStock = (retryAfterMs?: number): ReserveReply => ({
  status: 'refused',
  reason: 'out-of-stock',
  definitive: false,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

const lineRows = (db: Database.Database): unknown[] =>
  db
    .prepare(
      'SELECT intention_id AS intentionId, line_no AS lineNo, line_key AS lineKey, part, qty, status, result FROM intention_lines ORDER BY line_no',
    )
    .all();
const intentionRow = (db: Database.Database): unknown => db.prepare('SELECT status, result FROM intentions').get();
/** Replies by the part each request asks for, in the order given for that part. */
const byPart =
  (replies: Record<string, ReserveReply[]>) =>
  (request: ReserveRequest): ReserveReply =>
    replies[request.params.part]?.shift() ?? { status: 'unavailable' };

describe('submit: a request of several lines', () => {
  it('records each line with its key fixed before the first attempt, once, with the intention and its outbox row', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), THREE_LINES);
    await outboxDedup.submit(protocolContext(db, { life: 1 }), THREE_LINES);
    expect(lineRows(db)).toEqual([
      { intentionId: 1, lineNo: 1, lineKey: 'k1#1', part: 'bolt', qty: 1, status: 'pending', result: null },
      { intentionId: 1, lineNo: 2, lineKey: 'k1#2', part: 'gear', qty: 2, status: 'pending', result: null },
      { intentionId: 1, lineNo: 3, lineKey: 'k1#3', part: 'nut', qty: 3, status: 'pending', result: null },
    ]);
    expect(intentionRow(db)).toEqual({ status: 'pending', result: null });
  });
});

describe('relay: line by line', () => {
  it('sends every line under its own key and oracle tag, then settles the intention done with each line’s outcome', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db, { now: () => 9 }), THREE_LINES);
    const ctx = protocolContext(db, {
      answer: byPart({ bolt: [ok(1)], gear: [{ status: 'refused', reason: 'unknown-part', definitive: true }], nut: [ok(2)] }),
    });
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toEqual([
      { tenant: 'tenantA', key: 'k1#1', params: { part: 'bolt', qty: 1 }, issuedAtMs: 9, intentionId: 'tenantA:k1#1' },
      { tenant: 'tenantA', key: 'k1#2', params: { part: 'gear', qty: 2 }, issuedAtMs: 9, intentionId: 'tenantA:k1#2' },
      { tenant: 'tenantA', key: 'k1#3', params: { part: 'nut', qty: 3 }, issuedAtMs: 9, intentionId: 'tenantA:k1#3' },
    ]);
    expect(ctx.recorded.cuts).toEqual(['response-observed', 'confirmed']);
    expect(intentionRow(db)).toEqual({
      status: 'done',
      result: JSON.stringify({
        lines: [
          { line: 1, status: 'applied', reservationId: 1 },
          { line: 2, status: 'refused', refused: 'unknown-part' },
          { line: 3, status: 'applied', reservationId: 2 },
        ],
      }),
    });
    expect(db.prepare(`SELECT status FROM outbox`).all()).toEqual([{ status: 'sent' }]);
  });

  it('after a partial reply keeps the intention pending and asks again only the unknown lines, after the longest retry-after', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), THREE_LINES);
    let now = 0;
    const ctx = protocolContext(db, {
      now: () => now,
      answer: byPart({ bolt: [ok(1)], gear: [outOfStock(700), ok(2)], nut: [outOfStock(300), { status: 'no-reply' }, ok(3)] }),
    });
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 700 });
    expect(intentionRow(db)).toEqual({ status: 'pending', result: null });
    expect(lineRows(db)).toEqual([
      expect.objectContaining({ lineNo: 1, status: 'applied', result: '{"reservationId":1}' }),
      expect.objectContaining({ lineNo: 2, status: 'pending', result: null }),
      expect.objectContaining({ lineNo: 3, status: 'pending', result: null }),
    ]);
    now = 700;
    // Attempt 2: no refusal among the replies, so the retry delay alone (200 ms) sets the next attempt.
    expect(await outboxDedup.relay(ctx)).toEqual({ waitUntilMs: 900 });
    now = 900;
    expect(await outboxDedup.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent.map((request) => request.key)).toEqual(['k1#1', 'k1#2', 'k1#3', 'k1#2', 'k1#3', 'k1#3']);
    expect(intentionRow(db)).toEqual(expect.objectContaining({ status: 'done' }));
    expect(lineRows(db)).toEqual([
      expect.objectContaining({ lineNo: 1, status: 'applied', result: '{"reservationId":1}' }),
      expect.objectContaining({ lineNo: 2, status: 'applied', result: '{"reservationId":2}' }),
      expect.objectContaining({ lineNo: 3, status: 'applied', result: '{"reservationId":3}' }),
    ]);
  });

  it('keeps a line’s first settling answer when a taken-over attempt’s late reply settles it again', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), THREE_LINES);
    // The first worker's lease ends during its calls: a second worker takes the row over and settles every line first.
    const second = protocolContext(db, {
      now: () => 1_000,
      worker: 'relay-2',
      answer: byPart({ bolt: [ok(11)], gear: [ok(12)], nut: [ok(13)] }),
    });
    let tookOver = false;
    const first = protocolContext(db, {
      worker: 'relay-1',
      answer: async (request) => {
        if (!tookOver) {
          tookOver = true;
          await outboxDedup.relay(second);
        }
        return request.params.part === 'bolt' ? ok(21) : { status: 'refused', reason: 'unknown-part', definitive: true };
      },
    });
    await outboxDedup.relay(first);
    expect(lineRows(db)).toEqual([
      expect.objectContaining({ lineNo: 1, status: 'applied', result: '{"reservationId":11}' }),
      expect.objectContaining({ lineNo: 2, status: 'applied', result: '{"reservationId":12}' }),
      expect.objectContaining({ lineNo: 3, status: 'applied', result: '{"reservationId":13}' }),
    ]);
    expect(JSON.parse((intentionRow(db) as { result: string }).result)).toEqual({
      lines: [
        { line: 1, status: 'applied', reservationId: 11 },
        { line: 2, status: 'applied', reservationId: 12 },
        { line: 3, status: 'applied', reservationId: 13 },
      ],
    });
  });

  it('stops at a crash after the replies with every line unsettled, so recovery asks them again by the same keys', async () => {
    const db = orchestratorStore();
    await outboxDedup.submit(protocolContext(db), THREE_LINES);
    await expect(outboxDedup.relay(protocolContext(db, { crashAt: 'response-observed', answer: () => ok(1) }))).rejects.toThrow('crash');
    expect(lineRows(db)).toEqual([
      expect.objectContaining({ status: 'pending' }),
      expect.objectContaining({ status: 'pending' }),
      expect.objectContaining({ status: 'pending' }),
    ]);
    const recovery = protocolContext(db, { now: () => 1_000, life: 1 });
    await outboxDedup.relay(recovery);
    expect(recovery.recorded.sent.map((request) => request.key)).toEqual(['k1#1', 'k1#2', 'k1#3']);
  });
});

describe('partial-is-done: the onPartial seam', () => {
  it('marks the intention done on a partial reply and never asks the unknown lines again', async () => {
    const db = orchestratorStore();
    await partialIsDone.submit(protocolContext(db), THREE_LINES);
    const ctx = protocolContext(db, { answer: byPart({ bolt: [ok(1)], gear: [{ status: 'no-reply' }], nut: [outOfStock()] }) });
    expect(await partialIsDone.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toHaveLength(3);
    expect(intentionRow(db)).toEqual({
      status: 'done',
      result: JSON.stringify({
        lines: [
          { line: 1, status: 'applied', reservationId: 1 },
          { line: 2, status: 'pending' },
          { line: 3, status: 'pending' },
        ],
      }),
    });
  });
});

describe('resend-whole-new-key: the linesToSend seam', () => {
  it('sends every line again, the applied ones too, under keys new to each attempt', async () => {
    const db = orchestratorStore();
    await resendWholeNewKey.submit(protocolContext(db), THREE_LINES);
    let now = 0;
    const ctx = protocolContext(db, {
      now: () => now,
      answer: byPart({ bolt: [ok(1), ok(4)], gear: [ok(2), ok(5)], nut: [{ status: 'no-reply' }, ok(6)] }),
    });
    expect(await resendWholeNewKey.relay(ctx)).toEqual({ waitUntilMs: 100 });
    now = 100;
    expect(await resendWholeNewKey.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent.map((request) => request.key)).toEqual(['k1#1@1', 'k1#2@1', 'k1#3@1', 'k1#1@2', 'k1#2@2', 'k1#3@2']);
    // The lines' recorded keys stay as recorded; only the keys sent are new.
    expect(lineRows(db)).toEqual([
      expect.objectContaining({ lineKey: 'k1#1', status: 'applied', result: '{"reservationId":1}' }),
      expect.objectContaining({ lineKey: 'k1#2', status: 'applied', result: '{"reservationId":2}' }),
      expect.objectContaining({ lineKey: 'k1#3', status: 'applied', result: '{"reservationId":6}' }),
    ]);
  });
});
