import { describe, expect, it } from 'vitest';
import { handoverBench, userEvent } from '../../sim/testing/handover-context.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { findContract } from '../receivers/contracts.js';
import { harnessProtocol } from './harness.js';
import { referenceHarness } from './reference-harness.js';
import { recordOutgoing } from './store.js';

/*
 * The harness's drain and the guards around its model, driven by hand on a
 * real conversation store: the situations a run seldom makes (another live
 * worker's claim, a budget spent, a rule around the
 * model, a seam that drops a message when the model is down) are planted.
 */

describe('the drain', () => {
  it("leaves a conversation another live worker of this life has claimed, its event unhandled", async () => {
    const bench = handoverBench();
    bench.record(userEvent('e1', 0, 'hello'));
    bench.db.prepare("UPDATE conversations SET claimed_by = 'worker-2', claimed_life = 0").run();
    expect(await referenceHarness.resume(bench.ctx)).toEqual({ waitUntilMs: 9 * 3_600_000 + 1_000 });
    expect(bench.rows('SELECT state FROM events')).toEqual([{ state: 'received' }]);
    expect(bench.rows('SELECT claimed_by FROM conversations')).toEqual([{ claimed_by: 'worker-2' }]);
  });

  it('releases its claim when a receiver does not settle, and a later drain finishes the event', async () => {
    const bench = handoverBench({ replies: { 'message-channel': [{ status: 'unavailable' }] } });
    bench.record(userEvent('e1', 0, 'hello'));
    recordOutgoing(bench.db, { message_key: 'c1:reply:e1', conversation_id: 'c1', event_id: 'e1', agent: 'router', kind: 'reply', text: 'Hi.' });
    expect(await referenceHarness.resume(bench.ctx)).toBeDefined();
    expect(bench.rows('SELECT claimed_by, claimed_life FROM conversations')).toEqual([{ claimed_by: null, claimed_life: null }]);
    expect(await referenceHarness.resume(bench.ctx)).toBeUndefined();
    expect(bench.rows('SELECT state FROM events')).toEqual([{ state: 'handled' }]);
    expect(bench.sent.map((one) => one.request.key)).toEqual(['c1:reply:e1', 'c1:reply:e1']);
  });

  it('tells a message that arrives while a person has the conversation that no agent answers', async () => {
    const bench = handoverBench();
    bench.record(userEvent('e1', 0, 'hello'));
    bench.db.prepare("UPDATE conversations SET handover_state = 'with-human'").run();
    await referenceHarness.resume(bench.ctx);
    expect(bench.rows('SELECT role, agent, text FROM transcript WHERE role = ?', 'harness')).toEqual([
      { role: 'harness', agent: null, text: 'a person has the conversation: no agent answers' },
    ]);
    expect(bench.rows('SELECT state FROM events')).toEqual([{ state: 'handled' }]);
  });
});

describe('around the model', () => {
  it('hands over when the cost budget is spent, before the model is asked', async () => {
    const bench = handoverBench({ settings: { guardrails: { costUnitsMax: 0 } } });
    bench.record(userEvent('e1', 0, 'hello'));
    await referenceHarness.resume(bench.ctx);
    expect(bench.rows('SELECT check_name, action FROM guardrail_log')).toEqual([{ check_name: 'cost-budget', action: 'handover' }]);
    expect(bench.rows('SELECT reason FROM handovers')).toEqual([{ reason: 'budget' }]);
    expect(bench.rows('SELECT count(*) AS n FROM model_calls')).toEqual([{ n: 0 }]);
  });

  it("hands over when a user's rule around the model decides, within the budget", async () => {
    const around = [{ name: 'no-refunds', check: (text: string) => (text.includes('refund') ? 'talks of a refund' : undefined) }];
    const bench = handoverBench({ settings: { guardrails: { rules: { before: [], around, after: [] } } } });
    bench.record(userEvent('e1', 0, 'a refund please'));
    await referenceHarness.resume(bench.ctx);
    expect(bench.rows('SELECT layer, check_name, reason, action FROM guardrail_log')).toEqual([
      { layer: 'model', check_name: 'no-refunds', reason: 'talks of a refund', action: 'handover' },
    ]);
    expect(bench.rows('SELECT count(*) AS n FROM model_calls')).toEqual([{ n: 0 }]);
  });

  it('drops the message when the model is down and the seam says so: handled, nothing sent, nobody handed over', async () => {
    const dropping = harnessProtocol({ name: 'drops', summary: 'drops', seams: { onModelUnavailable: () => 'drop' } });
    const bench = handoverBench();
    bench.record(userEvent('e1', 0, 'hello'));
    bench.record(userEvent('e2', 1, 'hello again'));
    expect(await dropping.resume(bench.ctx)).toBeUndefined();
    expect(bench.rows('SELECT event_id, state FROM events ORDER BY ordinal')).toEqual([
      { event_id: 'e1', state: 'handled' },
      { event_id: 'e2', state: 'handled' },
    ]);
    expect(bench.rows('SELECT count(*) AS n FROM model_calls')).toEqual([{ n: 2 }]);
    expect(bench.rows('SELECT count(*) AS n FROM handovers')).toEqual([{ n: 0 }]);
    expect(bench.sent).toEqual([]);
  });

  it('hands over as model_unavailable when the model is down and the seam acts on it', async () => {
    const bench = handoverBench();
    bench.record(userEvent('e1', 0, 'hello'));
    await referenceHarness.resume(bench.ctx);
    expect(bench.rows('SELECT check_name, action FROM guardrail_log')).toEqual([{ check_name: 'model-down', action: 'handover' }]);
    expect(bench.rows('SELECT reason FROM handovers')).toEqual([{ reason: 'model_unavailable' }]);
  });
});

describe("a harness's contracts", () => {
  it('takes a built-in contract by its name, keeps a name that is none (the loader refuses it), and the reference elsewhere', () => {
    const named = harnessProtocol({ name: 'n', summary: 'n', contracts: { 'human-queue': 'no-receipt' } });
    expect(named.contracts['human-queue']).toBe(findContract('no-receipt'));
    expect(named.contracts['message-channel']).toBe(atomicReceipt);
    const unknown = harnessProtocol({ name: 'u', summary: 'u', contracts: { 'message-channel': 'no-such-contract' } });
    expect(unknown.contracts['message-channel']).toBe('no-such-contract');
  });
});
