import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_SCHEMA } from '../../sim/families/handover/schema.js';
import {
  appendLine,
  claimNextEvent,
  conversationsWithWork,
  countStep,
  keyFacts,
  markHandled,
  openHandover,
  outgoingOfEvent,
  readConversation,
  readTranscript,
  recordEvent,
  recordOutgoing,
  recordReply,
  releaseClaim,
  stepsTaken,
} from './store.js';
import type { ConversationEvent } from './types.js';

/** A fresh conversation store in real SQLite, with the family's own schema. */
function store() {
  const db = new Database(':memory:');
  db.exec(CONVERSATION_SCHEMA);
  return db;
}
const all = (db: Database.Database, sql: string) => db.prepare(sql).all();

const user = (eventId: string, ordinal: number, text = `said ${eventId}`, conversationId = 'c1'): ConversationEvent => ({
  kind: 'user',
  conversationId,
  tenant: 'clinicA',
  eventId,
  ordinal,
  atMs: 1_000 * (ordinal + 1),
  text,
});

describe('recordEvent', () => {
  it("creates the conversation at its entry agent on the first event, records a user's message once, with the time it was written", () => {
    const db = store();
    recordEvent(db, user('e1', 0, 'hello'), 'router', 5_000, 0);
    recordEvent(db, { ...user('e1', 0, 'hello'), atMs: 9_999 }, 'appointments', 6_000, 1);
    expect(all(db, 'SELECT id, tenant, active_agent, last_user_message_ms FROM conversations')).toEqual([
      { id: 'c1', tenant: 'clinicA', active_agent: 'router', last_user_message_ms: 1_000 },
    ]);
    expect(all(db, 'SELECT event_id, ordinal, kind, body, received_at_ms, state FROM events')).toEqual([
      { event_id: 'e1', ordinal: 0, kind: 'user', body: '{"text":"hello"}', received_at_ms: 5_000, state: 'received' },
    ]);
    expect(all(db, 'SELECT event_id, role, agent, target, text, life, at_ms FROM transcript')).toEqual([
      { event_id: 'e1', role: 'user', agent: null, target: null, text: 'hello', life: 0, at_ms: 5_000 },
    ]);
  });

  it("records an operator's return with its messages, and neither a transcript line nor a user's time", () => {
    const db = store();
    recordEvent(db, user('e1', 0), 'router', 1_000, 0);
    recordEvent(
      db,
      { kind: 'operator-return', conversationId: 'c1', tenant: 'clinicA', eventId: 'e2', ordinal: 1, atMs: 50_000, messages: ['all good'] },
      'router',
      50_000,
      0,
    );
    expect(all(db, "SELECT body FROM events WHERE event_id = 'e2'")).toEqual([{ body: '{"messages":["all good"]}' }]);
    expect(all(db, 'SELECT COUNT(*) AS n FROM transcript')).toEqual([{ n: 1 }]);
    expect(readConversation(db, 'c1').last_user_message_ms).toBe(1_000);
  });
});

describe('the transcript, steps and outgoing messages', () => {
  it('reads a conversation back, and names one that does not exist', () => {
    const db = store();
    expect(() => readConversation(db, 'c9')).toThrow('no conversation c9');
  });

  it("keeps the transcript in order with each line's target, and the user's last three lines as key facts", () => {
    const db = store();
    for (const [n, text] of ['one', 'two', 'three', 'four'].entries()) recordEvent(db, user(`e${n + 1}`, n, text), 'router', n, 0);
    recordEvent(db, user('e1', 0, 'other', 'c2'), 'router', 9, 0);
    appendLine(db, 'c1', 'e4', { role: 'transfer', agent: 'router', target: 'appointments', text: 'to appointments' }, 10, 1);
    expect(readTranscript(db, 'c1')).toEqual([
      { role: 'user', agent: null, text: 'one' },
      { role: 'user', agent: null, text: 'two' },
      { role: 'user', agent: null, text: 'three' },
      { role: 'user', agent: null, text: 'four' },
      { role: 'transfer', agent: 'router', text: 'to appointments' },
    ]);
    expect(all(db, "SELECT target, life, at_ms FROM transcript WHERE role = 'transfer'")).toEqual([
      { target: 'appointments', life: 1, at_ms: 10 },
    ]);
    expect(keyFacts(db, 'c1')).toEqual(['two', 'three', 'four']);
  });

  it('counts the steps of one event only', () => {
    const db = store();
    recordEvent(db, user('e1', 0), 'router', 0, 0);
    recordEvent(db, user('e2', 1), 'router', 0, 0);
    countStep(db, 'c1', 'e1');
    countStep(db, 'c1', 'e1');
    expect([stepsTaken(db, 'c1', 'e1'), stepsTaken(db, 'c1', 'e2')]).toEqual([2, 0]);
  });

  it("records a reply once under its event's key, and lists an event's outgoing messages by key", () => {
    const db = store();
    recordEvent(db, user('e1', 0), 'router', 0, 0);
    const event = { conversationId: 'c1', eventId: 'e1', kind: 'user' as const, body: '{}' };
    recordReply(db, event, 'information', 'We open at 8.', 7, 2);
    recordReply(db, event, 'information', 'a second try', 8, 2);
    recordOutgoing(db, { message_key: 'c1:notice:1', conversation_id: 'c1', event_id: 'e1', agent: 'router', kind: 'notice', text: 'n' });
    recordOutgoing(db, { message_key: 'c1:reply:e2', conversation_id: 'c1', event_id: 'e2', agent: 'router', kind: 'reply', text: 'r' });
    expect(outgoingOfEvent(db, 'c1', 'e1')).toEqual([
      { message_key: 'c1:notice:1', conversation_id: 'c1', event_id: 'e1', agent: 'router', kind: 'notice', text: 'n', sent: 0 },
      {
        message_key: 'c1:reply:e1',
        conversation_id: 'c1',
        event_id: 'e1',
        agent: 'information',
        kind: 'reply',
        text: 'We open at 8.',
        sent: 0,
      },
    ]);
    // The transcript has both attempts: recording the line is the caller's step, the message's key is what is sent once.
    expect(all(db, "SELECT agent, text, life, at_ms FROM transcript WHERE role = 'agent'")).toEqual([
      { agent: 'information', text: 'We open at 8.', life: 2, at_ms: 7 },
      { agent: 'information', text: 'a second try', life: 2, at_ms: 8 },
    ]);
  });
});

describe('claimNextEvent: one worker per conversation, oldest event first', () => {
  it('hands the oldest unhandled event to the claiming worker, refuses another worker of the same life, and releases when done', () => {
    const db = store();
    recordEvent(db, user('e2', 1), 'router', 0, 0);
    recordEvent(db, user('e1', 0), 'router', 0, 0);
    expect(claimNextEvent(db, 'c1', 'w1', 0)).toEqual({ conversationId: 'c1', eventId: 'e1', kind: 'user', body: '{"text":"said e1"}' });
    expect(all(db, 'SELECT claimed_by, claimed_life FROM conversations')).toEqual([{ claimed_by: 'w1', claimed_life: 0 }]);
    expect(claimNextEvent(db, 'c1', 'w2', 0)).toBe('claimed');
    markHandled(db, 'c1', 'e1');
    expect(claimNextEvent(db, 'c1', 'w1', 0)).toMatchObject({ eventId: 'e2' });
    markHandled(db, 'c1', 'e2');
    expect(claimNextEvent(db, 'c1', 'w1', 0)).toBeUndefined();
    expect(all(db, 'SELECT claimed_by, claimed_life FROM conversations')).toEqual([{ claimed_by: null, claimed_life: null }]);
  });

  it("takes over a claim of a dead life, and releases only the worker's own claim", () => {
    const db = store();
    recordEvent(db, user('e1', 0), 'router', 0, 0);
    expect(claimNextEvent(db, 'c1', 'w1', 0)).toMatchObject({ eventId: 'e1' });
    expect(claimNextEvent(db, 'c1', 'w2', 1)).toMatchObject({ eventId: 'e1' });
    releaseClaim(db, 'c1', 'w1');
    expect(all(db, 'SELECT claimed_by, claimed_life FROM conversations')).toEqual([{ claimed_by: 'w2', claimed_life: 1 }]);
    releaseClaim(db, 'c1', 'w2');
    expect(all(db, 'SELECT claimed_by, claimed_life FROM conversations')).toEqual([{ claimed_by: null, claimed_life: null }]);
  });

  it('lists the conversations with an unhandled event, each once, in order', () => {
    const db = store();
    recordEvent(db, user('e1', 0, 'x', 'c2'), 'router', 0, 0);
    recordEvent(db, user('e2', 1, 'x', 'c2'), 'router', 0, 0);
    recordEvent(db, user('e1', 0, 'x', 'c1'), 'router', 0, 0);
    recordEvent(db, user('e1', 0, 'x', 'c3'), 'router', 0, 0);
    markHandled(db, 'c3', 'e1');
    expect(conversationsWithWork(db)).toEqual(['c1', 'c2']);
  });
});

describe('openHandover', () => {
  it("is the conversation's latest handover not given back", () => {
    const db = store();
    const insert = db.prepare(
      "INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms, returned_by) VALUES (?, ?, 'e1', 'router', 'human_nurse', 'out_of_scope', 's', '[]', 0, ?)",
    );
    insert.run('c1', 1, null);
    insert.run('c1', 2, null);
    insert.run('c1', 3, 'r1');
    insert.run('c2', 4, null);
    expect(openHandover(db, 'c1')?.seq).toBe(2);
    expect(openHandover(db, 'c3')).toBeUndefined();
  });
});
