import { describe, expect, it } from 'vitest';
import { handoverBench, userEvent } from '../../sim/testing/handover-context.js';
import { giveBack } from './give-back.js';
import type { GuardTrigger } from './guardrails/guard-trigger.js';
import { guardTriggered, handOver } from './hand-over.js';
import { REFERENCE_SEAMS } from './seams.js';

/*
 * A handover carried out by hand on a real conversation store: the situations
 * the world's runs seldom or never make (a budget or guardrail reason, a
 * handover another process already wrote, a return with nothing open) are
 * planted directly.
 */

const trigger = (check: string, change: Partial<GuardTrigger> = {}): GuardTrigger => ({
  layer: 'model',
  check,
  reason: `${check} fired`,
  handover: true,
  ...change,
});

/** A bench with conversation c1's first message recorded; the handover's rows and the requests sent are read back. */
function benchWithMessage() {
  const bench = handoverBench();
  const event = bench.record(userEvent('e1', 0, 'hello'));
  return { ...bench, event };
}

describe('guardTriggered: the reason a guardrail hands over with', () => {
  const reasons: [string, string][] = [
    ['crisis-phrase', 'crisis'],
    ['model-down', 'model_unavailable'],
    ['model-timeout', 'model_unavailable'],
    ['cost-budget', 'budget'],
    ['latency-budget', 'budget'],
    ['flagged-sender', 'guardrail'],
  ];
  for (const [check, reason] of reasons) {
    it(`${check} hands over as ${reason}, summarised by the check and its reason`, async () => {
      const { db, ctx, event, rows } = benchWithMessage();
      expect(await guardTriggered(ctx, REFERENCE_SEAMS, event, 'router', trigger(check))).toBe(true);
      expect(rows('SELECT target, reason, summary, from_agent FROM handovers')).toEqual([
        { target: 'human_nurse', reason, summary: `guardrail ${check}: ${check} fired`, from_agent: 'router' },
      ]);
      expect(rows('SELECT role, agent, target, text FROM transcript WHERE role = ?', 'handover')).toEqual([
        { role: 'handover', agent: 'router', target: 'human_nurse', text: `handover to human_nurse (${reason}): guardrail ${check}: ${check} fired` },
      ]);
      expect(rows('SELECT check_name, action FROM guardrail_log')).toEqual([{ check_name: check, action: 'handover' }]);
      db.close();
    });
  }

  it('reaches transfer-decided, then state-committed, then user-notified, and sends the ticket before the notice', async () => {
    const { ctx, event, cuts, sent } = benchWithMessage();
    await guardTriggered(ctx, REFERENCE_SEAMS, event, 'router', trigger('cost-budget'));
    expect(cuts).toEqual(['transfer-decided', 'state-committed', 'user-notified']);
    expect(sent.map((one) => [one.receiver, one.request.key])).toEqual([
      ['human-queue', 'c1:handover-1'],
      ['message-channel', 'c1:notice:1'],
    ]);
  });

  it("sends a trigger's fixed line as the harness's notice under the event's guard key, then the handover's notice", async () => {
    const { ctx, event, rows } = benchWithMessage();
    await guardTriggered(ctx, REFERENCE_SEAMS, event, 'router', trigger('crisis-phrase', { layer: 'input', reply: 'Call 112 now.' }));
    expect(rows('SELECT message_key, agent, kind, text, sent FROM outgoing')).toEqual([
      { message_key: 'c1:guard:e1', agent: 'router', kind: 'notice', text: 'Call 112 now.', sent: 1 },
    ]);
    expect(rows('SELECT check_name, action FROM guardrail_log')).toEqual([{ check_name: 'crisis-phrase', action: 'handover+safe-reply' }]);
    expect(rows('SELECT state FROM events')).toEqual([{ state: 'handled' }]);
  });

  it('answers with the fixed line alone when the trigger does not hand over, and with an empty line when it has none', async () => {
    const { ctx, event, rows } = benchWithMessage();
    expect(await guardTriggered(ctx, REFERENCE_SEAMS, event, 'router', trigger('output-pii', { handover: false }))).toBe(true);
    expect(rows('SELECT message_key, kind, text, sent FROM outgoing')).toEqual([{ message_key: 'c1:reply:e1', kind: 'reply', text: '', sent: 1 }]);
    expect(rows('SELECT count(*) AS n FROM handovers')).toEqual([{ n: 0 }]);
    expect(rows('SELECT steps, state FROM events')).toEqual([{ steps: 1, state: 'handled' }]);
  });
});

describe('handOver: one request is one handover', () => {
  it("counts a transfer the model asked for as a step, and the harness's own at the step limit as none", async () => {
    const { ctx, event, rows } = benchWithMessage();
    await handOver(ctx, REFERENCE_SEAMS, event, 'router', { target: 'human_nurse', reason: 'out_of_scope', summary: 'asked' });
    expect(rows('SELECT steps FROM events')).toEqual([{ steps: 1 }]);
    const other = benchWithMessage();
    await handOver(other.ctx, REFERENCE_SEAMS, other.event, 'router', { target: 'human_nurse', reason: 'step_limit', summary: 'cap' });
    expect(other.rows('SELECT steps FROM events')).toEqual([{ steps: 0 }]);
    expect(other.rows('SELECT handover_state, handover_seq, active_agent FROM conversations')).toEqual([
      { handover_state: 'with-human', handover_seq: 1, active_agent: 'human_nurse' },
    ]);
  });

  it('finishes the handover another process already wrote for this event, without deciding it again', async () => {
    const { ctx, event, rows, sent } = benchWithMessage();
    // Another process decided this event's handover and crashed before its ticket: its rows are here, nothing sent.
    await REFERENCE_SEAMS.writeHandover(ctx, {
      state: (db) => {
        db.prepare("UPDATE conversations SET handover_state = 'with-human', handover_seq = 1 WHERE id = 'c1'").run();
        return true;
      },
      ticket: (db) => {
        db.prepare(
          `INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms)
           VALUES ('c1', 1, 'e1', 'router', 'human_nurse', 'crisis', 'earlier', '[]', 5)`,
        ).run();
        return rows('SELECT * FROM handovers')[0] as never;
      },
    });
    const done = await handOver(ctx, REFERENCE_SEAMS, event, 'information', { target: 'human_nurse', reason: 'out_of_scope', summary: 'again' });
    expect(done).toBe(true);
    expect(rows('SELECT seq, from_agent, summary, notified FROM handovers')).toEqual([{ seq: 1, from_agent: 'router', summary: 'earlier', notified: 1 }]);
    expect(rows('SELECT role FROM transcript')).toEqual([{ role: 'user' }]);
    expect(sent.map((one) => one.request.key)).toEqual(['c1:handover-1', 'c1:notice:1']);
    expect(rows('SELECT state FROM events')).toEqual([{ state: 'handled' }]);
  });

  it("refuses a second handover while a person has the conversation: a harness line, the event handled, nothing sent", async () => {
    const { ctx, event, rows, sent, record, cuts } = benchWithMessage();
    await handOver(ctx, REFERENCE_SEAMS, event, 'router', { target: 'human_nurse', reason: 'out_of_scope', summary: 'first' });
    const second = record(userEvent('e2', 1, 'still there?'));
    const done = await handOver(ctx, REFERENCE_SEAMS, second, 'router', { target: 'human_nurse', reason: 'out_of_scope', summary: 'second' });
    expect(done).toBe(true);
    expect(rows('SELECT count(*) AS n FROM handovers')).toEqual([{ n: 1 }]);
    expect(rows("SELECT text FROM transcript WHERE role = 'harness'")).toEqual([{ text: 'a person has the conversation already: no second handover' }]);
    expect(rows('SELECT event_id, state FROM events ORDER BY ordinal')).toEqual([
      { event_id: 'e1', state: 'handled' },
      { event_id: 'e2', state: 'handled' },
    ]);
    expect(sent).toHaveLength(2);
    // Nothing was committed for the second: no state-committed boundary for it.
    expect(cuts).toEqual(['state-committed', 'user-notified']);
  });

  it("still sends a guardrail's fixed line when a person has the conversation already, then handles the event", async () => {
    const { ctx, event, rows, sent, record } = benchWithMessage();
    await handOver(ctx, REFERENCE_SEAMS, event, 'router', { target: 'human_nurse', reason: 'out_of_scope', summary: 'first' });
    // An agent that answers while the person has it (a flawed seam, or a process beside this one) meets a crisis phrase.
    const second = record(userEvent('e2', 1, 'I want to die'));
    const crisis = trigger('crisis-phrase', { layer: 'input', reply: 'Call 112 now.' });
    expect(await guardTriggered(ctx, REFERENCE_SEAMS, second, 'router', crisis)).toBe(true);
    expect(rows('SELECT count(*) AS n FROM handovers')).toEqual([{ n: 1 }]);
    expect(sent.map((one) => one.request.key)).toEqual(['c1:handover-1', 'c1:notice:1', 'c1:guard:e2']);
    expect(rows("SELECT sent FROM outgoing WHERE message_key = 'c1:guard:e2'")).toEqual([{ sent: 1 }]);
    expect(rows("SELECT state FROM events WHERE event_id = 'e2'")).toEqual([{ state: 'handled' }]);
  });
});

describe('giveBack', () => {
  it('logs a return without an open handover as a harness line, handles it, and sends nothing', async () => {
    const bench = handoverBench();
    bench.record(userEvent('e1', 0, 'hello'));
    const back = bench.record({ kind: 'operator-return', conversationId: 'c1', tenant: 'clinicA', eventId: 'e2', ordinal: 1, atMs: 0, messages: ['hi'] });
    expect(await giveBack(bench.ctx, REFERENCE_SEAMS, back)).toBe(true);
    expect(bench.rows("SELECT role, agent, text FROM transcript WHERE event_id = 'e2'")).toEqual([
      { role: 'harness', agent: null, text: 'an operator return without an open handover' },
    ]);
    expect(bench.rows("SELECT state FROM events WHERE event_id = 'e2'")).toEqual([{ state: 'handled' }]);
    expect(bench.sent).toEqual([]);
  });

  it('gives the conversation back and sends the return notice in the same call, then the event is handled', async () => {
    const { ctx, event, rows, sent, record, cuts } = benchWithMessage();
    await handOver(ctx, REFERENCE_SEAMS, event, 'information', { target: 'human_nurse', reason: 'out_of_scope', summary: 'asked' });
    const back = record({ kind: 'operator-return', conversationId: 'c1', tenant: 'clinicA', eventId: 'e2', ordinal: 1, atMs: 0, messages: ['Nurse: ok.'] });
    expect(await giveBack(ctx, REFERENCE_SEAMS, back)).toBe(true);
    expect(sent.at(-1)?.request.key).toBe('c1:returned:1');
    expect(rows("SELECT message_key, sent FROM outgoing WHERE event_id = 'e2'")).toEqual([{ message_key: 'c1:returned:1', sent: 1 }]);
    expect(rows("SELECT state FROM events WHERE event_id = 'e2'")).toEqual([{ state: 'handled' }]);
    expect(rows('SELECT handover_state, active_agent FROM conversations')).toEqual([{ handover_state: 'returned', active_agent: 'information' }]);
    expect(cuts.at(-1)).toBe('operator-resolved');
  });
});
