import { describe, expect, it } from 'vitest';
import { intention, localRows, orchestratorStore, protocolContext } from '../../sim/testing/protocol-context.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { outboxProtocol } from './outbox.js';
import type { OutboxExtension } from './outbox-seams.js';
import { linesRequest } from './request-lines.js';
import type { ReserveRequest } from './types.js';

/** The seed's outbox built with and without extensions, driven by hand against a scripted warehouse. */
describe('outboxProtocol', () => {
  it('builds a protocol whose unchanged seams are the correct ones', async () => {
    // Built here rather than at import, so that what outboxProtocol does is exercised by this test.
    const built = outboxProtocol({ name: 'built-here', summary: 'an outbox built in a test', contract: atomicReceipt });
    expect(built).toMatchObject({
      name: 'built-here',
      summary: 'an outbox built in a test',
      contract: atomicReceipt,
      localSchema: LOCAL_SCHEMA,
    });
    const db = orchestratorStore();
    await built.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'refused', reason: 'unknown-part', definitive: true }) });
    await built.relay(ctx);
    expect(ctx.recorded.sent.map((request) => request.key)).toEqual(['k1']);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'failed', result: '{"refused":"unknown-part"}' })]);
  });

  it('without extensions is the seed alone: an update and a request of several lines go out as one plain request of part and quantity', async () => {
    const seed = outboxProtocol({ name: 'seed-alone', summary: 'the seed outbox', contract: atomicReceipt });
    const db = orchestratorStore();
    await seed.submit(protocolContext(db), intention('u1', { params: { part: 'p', qty: 2, update: { object: 'o1', op: 'reserve' } } }));
    await seed.submit(
      protocolContext(db),
      linesRequest('tenantA', 'l1', [
        { part: 'bolt', qty: 1 },
        { part: 'gear', qty: 2 },
      ]),
    );
    expect(db.prepare('SELECT object, op FROM intentions').all()).toEqual([
      { object: null, op: null },
      { object: null, op: null },
    ]);
    expect(db.prepare('SELECT object_seq AS objectSeq FROM outbox').all()).toEqual([{ objectSeq: null }, { objectSeq: null }]);
    expect(db.prepare('SELECT count(*) AS n FROM intention_lines').get()).toEqual({ n: 0 });
    const ctx = protocolContext(db);
    expect(await seed.relay(ctx)).toBeUndefined();
    expect(ctx.recorded.sent).toEqual([
      { tenant: 'tenantA', key: 'u1', params: { part: 'p', qty: 2 }, issuedAtMs: 0, intentionId: 'tenantA:u1' },
      { tenant: 'tenantA', key: 'l1', params: { part: 'bolt x1 + gear x2', qty: 2 }, issuedAtMs: 0, intentionId: 'tenantA:l1' },
    ]);
    expect(ctx.recorded.cuts).toEqual(['response-observed', 'confirmed', 'response-observed', 'confirmed']);
  });

  it('composes extensions in their order: records, requests and refined seams pass from one to the next', async () => {
    const order: string[] = [];
    const tagging = (tag: string, seq: (request: ReserveRequest) => number): OutboxExtension => ({
      record: (_db, recorded, intentionRowId) => void order.push(`${tag} records ${recorded.key} as ${intentionRowId}`),
      request: (_db, row, request) => ({ ...request, seq: seq(request) + row.attempts }),
      refine: (seams) => ({
        ...seams,
        onAccepted: () => {
          order.push(`${tag} accepted`);
          return seams.onAccepted();
        },
      }),
    });
    const built = outboxProtocol({
      name: 'two-extensions',
      summary: 'an outbox with two extensions of the test’s',
      contract: atomicReceipt,
      seams: { onAccepted: () => ({ status: 'done', result: 'accepted by the variant' }) },
      extensions: [tagging('first', () => 10), tagging('second', (request) => (request.seq ?? 0) * 100)],
    });
    const db = orchestratorStore();
    await built.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db, { answer: () => ({ status: 'accepted' }) });
    await built.relay(ctx);
    expect(ctx.recorded.sent.map((request) => request.seq)).toEqual([1_101]);
    expect(order).toEqual(['first records k1 as 1', 'second records k1 as 1', 'second accepted', 'first accepted']);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: 'accepted by the variant' })]);
  });

  it('hands a row an extension delivers to the first extension that takes it, with the outbox’s seams, and sends nothing itself', async () => {
    const delivered: string[] = [];
    const taking = (tag: string, takes: boolean): OutboxExtension => ({
      record: () => undefined,
      delivers: (db, row) => takes && db.prepare('SELECT 1 FROM outbox WHERE id = ? AND lease_owner IS NOT NULL').get(row.id) !== undefined,
      async deliver(ctx, row, seams) {
        delivered.push(`${tag} delivers ${row.key} in attempt ${row.attempts}`);
        if (await seams.confirm(ctx, row, { status: 'done', result: tag })) await ctx.cut('confirmed');
      },
    });
    const built = outboxProtocol({
      name: 'delivered-elsewhere',
      summary: 'an outbox whose rows an extension of the test’s delivers',
      contract: atomicReceipt,
      extensions: [taking('declines', false), taking('takes', true), taking('also-takes', true)],
    });
    const db = orchestratorStore();
    await built.submit(protocolContext(db), intention('k1'));
    const ctx = protocolContext(db);
    expect(await built.relay(ctx)).toBeUndefined();
    expect(delivered).toEqual(['takes delivers k1 in attempt 1']);
    expect(ctx.recorded.sent).toEqual([]);
    expect(ctx.recorded.cuts).toEqual(['confirmed']);
    expect(localRows(db).intentions).toEqual([expect.objectContaining({ status: 'done', result: 'takes' })]);
  });
});
