import { describe, expect, it } from 'vitest';
import { handoverBench, userEvent } from '../../sim/testing/handover-context.js';
import type { ReceiverReply } from '../receivers/types.js';
import { finishEvent } from './finish-event.js';
import { completeHandover, sendOutgoing } from './handover-effects.js';
import { REFERENCE_SEAMS } from './seams.js';
import { recordOutgoing, type HandoverRow } from './store.js';

/*
 * A handover's side effects and the event's outgoing messages, driven by hand
 * against a real conversation store: each receiver's reply is the test's, so a
 * reply that does not settle, and the channel's free-form window, are met
 * exactly.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Conversation c1 with its user's message at `userAtMs` and a handover to the nurse committed, nothing sent yet. */
function withHandover(options: { userAtMs?: number; nowMs?: number; replies?: Record<string, ReceiverReply[]> } = {}) {
  const bench = handoverBench({ nowMs: options.nowMs ?? 9 * HOUR_MS, replies: options.replies ?? {} });
  const event = bench.record(userEvent('e1', 0, 'hello', options.userAtMs ?? 9 * HOUR_MS));
  bench.db.prepare("UPDATE conversations SET handover_state = 'with-human', handover_seq = 1 WHERE id = 'c1'").run();
  bench.db
    .prepare(
      `INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms)
       VALUES ('c1', 1, 'e1', 'router', 'human_nurse', 'out_of_scope', 'asked', '[]', 100)`,
    )
    .run();
  const handover = () => bench.db.prepare('SELECT * FROM handovers').get() as HandoverRow;
  return { ...bench, event, handover };
}

const complete = (bench: ReturnType<typeof withHandover>) =>
  completeHandover(bench.ctx, bench.handover(), REFERENCE_SEAMS.handoverOrder, REFERENCE_SEAMS.enqueueTicket);
const payloadOf = (bench: ReturnType<typeof withHandover>, key: string) =>
  bench.sent.find((one) => one.request.key === key)?.request.payload as { kind: string; text: string } | undefined;

describe('completeHandover', () => {
  for (const status of ['unavailable', 'no-reply', 'accepted'] as const) {
    it(`leaves the ticket to a later drain when the queue answers ${status}, and tells the user nothing`, async () => {
      const bench = withHandover({ replies: { 'human-queue': [{ status }] } });
      expect(await complete(bench)).toBe(false);
      expect(bench.handover()).toMatchObject({ ticket: null, notified: 0 });
      expect(bench.sent.map((one) => one.receiver)).toEqual(['human-queue']);
    });
  }

  it('leaves the notice to a later drain when the channel does not settle, the ticket recorded', async () => {
    const bench = withHandover({ replies: { 'message-channel': [{ status: 'unavailable' }] } });
    expect(await complete(bench)).toBe(false);
    expect(bench.handover()).toMatchObject({ notified: 0 });
    expect(JSON.parse(String(bench.handover().ticket))).toEqual({ status: 'ok', result: null, replayed: false });
    expect(bench.cuts).toEqual([]);
    // The later drain sends the notice alone.
    expect(await complete(bench)).toBe(true);
    expect(bench.sent.map((one) => one.request.key)).toEqual(['c1:handover-1', 'c1:notice:1', 'c1:notice:1']);
    expect(bench.handover()).toMatchObject({ notified: 1 });
    expect(bench.cuts).toEqual(['user-notified']);
  });

  it('sends the ticket, then the notice once, each once, issued at the handover and under its intention', async () => {
    const bench = withHandover();
    expect(await complete(bench)).toBe(true);
    expect(bench.sent.map((one) => [one.receiver, one.request.key, one.request.issuedAtMs, one.request.intentionId])).toEqual([
      ['human-queue', 'c1:handover-1', 100, 'c1#1'],
      ['message-channel', 'c1:notice:1', 100, 'c1#1'],
    ]);
    expect(payloadOf(bench, 'c1:notice:1')).toEqual({
      conversationId: 'c1',
      kind: 'notice',
      agent: 'router',
      eventId: 'e1',
      text: 'A person (a nurse on duty) will answer you within 120 minutes.',
    });
  });

  it("does each side effect only at its own step: an order of the ticket alone tells the user nothing", async () => {
    const bench = withHandover();
    expect(await completeHandover(bench.ctx, bench.handover(), ['ticket'], REFERENCE_SEAMS.enqueueTicket)).toBe(true);
    expect(bench.sent.map((one) => one.request.key)).toEqual(['c1:handover-1']);
    expect(bench.handover()).toMatchObject({ notified: 0 });
  });

  it('sends the notice free-form exactly at the end of the window, and as a template a ms past it', async () => {
    const atEnd = withHandover({ userAtMs: 0, nowMs: DAY_MS });
    await complete(atEnd);
    expect(payloadOf(atEnd, 'c1:notice:1')).toMatchObject({ kind: 'notice' });
    const past = withHandover({ userAtMs: 0, nowMs: DAY_MS + 1 });
    await complete(past);
    expect(payloadOf(past, 'c1:notice:1')).toMatchObject({
      kind: 'template',
      text: '[template notice] We are closed now; a person (a nurse on duty) will answer you from 8:00.',
    });
  });

  it('sends a template when the user never wrote (no message time to count the window from)', async () => {
    const bench = withHandover({ nowMs: HOUR_MS * 9 });
    bench.db.prepare('UPDATE conversations SET last_user_message_ms = NULL').run();
    await complete(bench);
    expect(payloadOf(bench, 'c1:notice:1')).toMatchObject({ kind: 'template' });
  });
});

describe('sendOutgoing and finishEvent', () => {
  const reply = (key: string, sent = 0) => ({ message_key: key, conversation_id: 'c1', event_id: 'e1', agent: 'router', kind: 'reply' as const, text: key, sent });

  it('sends only what is not sent yet, and marks each sent', async () => {
    const bench = withHandover();
    recordOutgoing(bench.db, reply('a'));
    recordOutgoing(bench.db, reply('b'));
    bench.db.prepare("UPDATE outgoing SET sent = 1 WHERE message_key = 'a'").run();
    expect(await sendOutgoing(bench.ctx, bench.event)).toBe(true);
    expect(bench.sent.map((one) => one.request.key)).toEqual(['b']);
    expect(bench.rows('SELECT message_key, sent FROM outgoing ORDER BY message_key')).toEqual([
      { message_key: 'a', sent: 1 },
      { message_key: 'b', sent: 1 },
    ]);
  });

  for (const status of ['unavailable', 'no-reply'] as const) {
    it(`stops at a message the channel answers ${status}: it stays unsent and the event unhandled`, async () => {
      const bench = withHandover({ replies: { 'message-channel': [{ status }] } });
      recordOutgoing(bench.db, reply('a'));
      recordOutgoing(bench.db, reply('b'));
      expect(await finishEvent(bench.ctx, REFERENCE_SEAMS, bench.event, undefined)).toBe(false);
      expect(bench.sent.map((one) => one.request.key)).toEqual(['a']);
      expect(bench.rows('SELECT sent FROM outgoing ORDER BY message_key')).toEqual([{ sent: 0 }, { sent: 0 }]);
      expect(bench.rows('SELECT state FROM events')).toEqual([{ state: 'received' }]);
    });
  }
});
