import { describe, expect, it } from 'vitest';
import { intention, localRows, orchestratorStore, protocolContext } from '../../sim/testing/protocol-context.js';
import { markFirst } from './mark-first.js';

describe('mark-first', () => {
  it('marks the intention done before it sends, then stores the reply, passing every classic cut in order', async () => {
    const db = orchestratorStore();
    let markedBeforeSend: unknown;
    const ctx = protocolContext(db, {
      now: () => 11,
      answer: () => {
        markedBeforeSend = localRows(db).intentions;
        return { status: 'ok', reservationId: 4, replayed: false };
      },
    });
    await markFirst.submit(ctx, intention('k1'));
    expect(markedBeforeSend).toEqual([expect.objectContaining({ status: 'done', result: null, issuedAtMs: 11 })]);
    expect(ctx.recorded.sent).toEqual([
      { tenant: 'tenantA', key: 'k1', params: { part: 'spare-part-7', qty: 1 }, issuedAtMs: 11, intentionId: 'tenantA:k1' },
    ]);
    expect(ctx.recorded.cuts).toEqual(['before-intent', 'intent-recorded', 'response-observed', 'confirmed']);
    expect(localRows(db).intentions).toEqual([
      expect.objectContaining({ status: 'done', result: '{"status":"ok","reservationId":4,"replayed":false}' }),
    ]);
  });

  it('never sends a re-presented intention, and stores the reply only on its own row', async () => {
    const db = orchestratorStore();
    const ctx = protocolContext(db);
    await markFirst.submit(ctx, intention('k1'));
    await markFirst.submit(ctx, intention('k1', { params: { part: 'spare-part-7', qty: 2 } }));
    await markFirst.submit(ctx, intention('k1'));
    expect(ctx.recorded.sent).toHaveLength(2);
    expect(ctx.recorded.cuts.slice(-2)).toEqual(['before-intent', 'intent-recorded']);
    await markFirst.relay(ctx);
    expect(ctx.recorded.sent).toHaveLength(2);
    expect(localRows(db).intentions).toEqual([
      expect.objectContaining({ qty: 1, result: expect.stringContaining('ok') }),
      expect.objectContaining({ qty: 2, result: expect.stringContaining('ok') }),
    ]);
  });

  it('loses the effect when it crashes after the mark: recovery finds it done and sends nothing (N=0)', async () => {
    const db = orchestratorStore();
    await expect(markFirst.submit(protocolContext(db, { crashAt: 'intent-recorded' }), intention('k1'))).rejects.toThrow('crash');
    const recovery = protocolContext(db, { life: 1 });
    await markFirst.submit(recovery, intention('k1'));
    expect(recovery.recorded.sent).toEqual([]);
  });
});
