import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../engine/connections.js';
import { observeHandover } from './observe.js';
import { CONVERSATION_SCHEMA, HUMAN_QUEUE_SCHEMA, MESSAGE_CHANNEL_SCHEMA } from './schema.js';
import { TOOL_SERVER } from './tool-server.js';
import type { HandoverSpec } from './world.js';

const WINDOW_MS = 1_000;

/** The four stores of a case, in real SQLite with the family's own schemas, and rows planted into them. */
function stores() {
  const open = (schema: string) => {
    const db = new Database(':memory:');
    db.exec(schema);
    return db;
  };
  const dbs: Record<string, Connection> = {
    orchestrator: open(CONVERSATION_SCHEMA),
    'human-queue': open(HUMAN_QUEUE_SCHEMA),
    'message-channel': open(MESSAGE_CHANNEL_SCHEMA),
    'tool-server': open(TOOL_SERVER.schema),
  };
  let ids = 0;
  return {
    handover(conversation: string, seq: number) {
      dbs
        .orchestrator!.prepare(
          "INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms) VALUES (?, ?, 'e', 'router', 'human_nurse', 'out_of_scope', 's', '[]', 0)",
        )
        .run(conversation, seq);
    },
    ticket(conversation: string, intention: string, createdMs: number, resolvedMs: number | null = null, resolvedBy: string | null = null) {
      dbs['human-queue']!.prepare(
        "INSERT INTO tickets (tenant, request_key, conversation_id, target, reason, summary, key_facts, transcript_link, intention_id, created_at_ms, resolved_at_ms, resolved_by) VALUES ('t', ?, ?, 'human_nurse', 'out_of_scope', 's', '[]', 'l', ?, ?, ?, ?)",
      ).run(`k${++ids}`, conversation, intention, createdMs, resolvedMs, resolvedBy);
    },
    message(conversation: string, kind: 'reply' | 'notice' | 'template', event: string, intention: string, sentMs: number) {
      dbs['message-channel']!.prepare(
        "INSERT INTO messages (tenant, request_key, conversation_id, kind, agent, event_id, text, intention_id, sent_at_ms) VALUES ('t', ?, ?, ?, 'router', ?, 'x', ?, ?)",
      ).run(`k${++ids}`, conversation, kind, event, intention, sentMs);
    },
    inbound(conversation: string, event: string, seq: number, kind: 'user' | 'operator-return', receivedMs = 0) {
      dbs['message-channel']!.prepare(
        'INSERT INTO inbound (conversation_id, event_id, ordinal, delivered_seq, kind, text, received_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(conversation, event, seq, seq, kind, 'x', receivedMs);
    },
    line(conversation: string, role: string, id?: number) {
      dbs
        .orchestrator!.prepare(
          "INSERT INTO transcript (id, conversation_id, event_id, role, text, life, at_ms) VALUES (?, ?, 'e', ?, 'x', 0, 0)",
        )
        .run(id ?? null, conversation, role);
    },
    /** A conversation whose state says it is with a person after `seq` handovers, whatever rows were written. */
    decided(conversation: string, seq: number) {
      dbs
        .orchestrator!.prepare(
          "INSERT INTO conversations (id, tenant, active_agent, handover_state, handover_seq) VALUES (?, 't', 'human_nurse', 'with-human', ?)",
        )
        .run(conversation, seq);
    },
    modelCall(outcome: 'answered' | 'down' | 'timeout') {
      dbs
        .orchestrator!.prepare(
          "INSERT INTO model_calls (conversation_id, event_id, agent, cost_units, latency_ms, outcome) VALUES ('c1', 'e', 'router', 1, 1, ?)",
        )
        .run(outcome);
    },
    /** Observes with the checker's own entry point, for a workload of these conversations. */
    observe(...conversations: string[]) {
      // Only the fields the observer reads: the conversations' ids and three settings.
      const spec = {
        workload: { conversations: conversations.map((id) => ({ id })) },
        settings: { freeFormWindowMs: WINDOW_MS, transfersMax: 3, stepsMax: 8 },
      } as unknown as HandoverSpec;
      return observeHandover((store, read) => read(dbs[store]!), spec);
    },
  };
}

describe('observeHandover: tickets and notices per handover', () => {
  it('counts every handover the harness committed and every one the queue holds a ticket for, N=0 too', () => {
    const s = stores();
    s.handover('c1', 2);
    s.handover('c1', 1);
    s.ticket('c1', 'c1#1', 100);
    s.ticket('c1', 'c1#1', 150);
    s.ticket('c1', 'c1#3', 300);
    s.message('c1', 'notice', 'e1', 'c1#1', 100); // at the ticket's own time: not after it
    s.message('c1', 'notice', 'e1', 'c1#1', 101);
    s.message('c1', 'notice', 'e2', 'c1#2', 50); // a handover without any ticket: a promise nobody holds
    s.message('c1', 'notice', 'e3', 'c1#3', 301);
    s.message('c1', 'reply', 'e3', 'c1/e3', 302);
    const { effects, metrics } = s.observe('c1');
    expect(Object.keys(effects)).toEqual(['c1#1', 'c1#2', 'c1#3']);
    expect(effects).toEqual({ 'c1#1': 2, 'c1#2': 0, 'c1#3': 1 });
    // A handover the state decided and whose row was never written is counted too: no ticket, N=0.
    s.decided('c1', 4);
    expect(s.observe('c1').effects).toEqual({ 'c1#1': 2, 'c1#2': 0, 'c1#3': 1, 'c1#4': 0 });
    expect(metrics).toMatchObject({
      'notices:c1#1': 2,
      'notices:c1#2': 1,
      'notices:c1#3': 1,
      'noticesBeforeTicket:c1#1': 1,
      'noticesBeforeTicket:c1#2': 1,
      'noticesBeforeTicket:c1#3': 0,
      handovers: 2,
      tickets: 3,
    });
  });

  it('finds nothing in empty stores, and gives the settings the checks compare with', () => {
    const { effects, metrics, state } = stores().observe('c1');
    expect(effects).toEqual({});
    expect(metrics).toEqual({
      transfersMax: 0,
      transferCap: 3,
      stepsMax: 8,
      repliesWhileWithHuman: 0,
      unansweredAfterReturn: 0,
      freeFormOutsideWindow: 0,
      handovers: 0,
      tickets: 0,
      modelCalls: 0,
      modelCallsAnswered: 0,
    });
    expect(Object.keys(state)).toEqual(['orchestrator', 'human-queue', 'message-channel', 'tool-server']);
    expect(Object.keys(state['human-queue']!)).toEqual(['operations', 'receipts', 'side_leases', 'tickets']);
  });
});

describe('observeHandover: the invariants, measured per conversation', () => {
  it('takes the most transfers of any conversation of the workload, and counts the model calls and their answers', () => {
    const s = stores();
    s.line('c1', 'transfer', 3);
    s.line('c1', 'transfer', 1);
    s.line('c1', 'agent', 2);
    for (let i = 0; i < 3; i++) s.line('c2', 'transfer');
    s.line('c2', 'agent');
    for (let i = 0; i < 5; i++) s.line('c9', 'transfer');
    s.modelCall('answered');
    s.modelCall('down');
    s.modelCall('answered');
    s.modelCall('timeout');
    s.modelCall('answered');
    const { metrics, state } = s.observe('c1', 'c2');
    expect(metrics).toMatchObject({ transfersMax: 3, modelCalls: 5, modelCallsAnswered: 3 });
    expect((state.orchestrator!.transcript ?? []).slice(0, 3).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("counts replies strictly inside a person's time, from the first ticket to the first resolution, per conversation", () => {
    const s = stores();
    s.ticket('c1', 'c1#1', 200, 500, 'r1');
    s.ticket('c1', 'c1#1', 210); // a duplicate left open: the window still ends at the return
    s.ticket('c2', 'c2#1', 100); // never given back
    for (const atMs of [200, 201, 499, 500, 600]) s.message('c1', 'reply', 'e1', 'c1/e1', atMs);
    s.message('c1', 'notice', 'e1', 'c1#1', 300);
    s.message('c1', 'reply', 'e1', 'c1/e1', 150);
    s.message('c2', 'reply', 'e1', 'c2/e1', 10_000);
    s.message('c3', 'reply', 'e1', 'c3/e1', 300);
    // c1 twice in the workload is still one conversation.
    expect(s.observe('c1', 'c1', 'c2').metrics.repliesWhileWithHuman).toBe(3);
  });

  it("keeps each handover's own window: a second handover's, and the first resolution of a duplicate ticket", () => {
    const s = stores();
    s.ticket('c1', 'c1#1', 200, 500, 'r1');
    s.ticket('c1', 'c1#1', 210, 700, 'r1'); // resolved again later: the person gave the conversation back at 500
    s.ticket('c1', 'c1#2', 1_000, 1_500, 'r2');
    for (const atMs of [300, 600, 900, 1_200, 1_600]) s.message('c1', 'reply', 'e1', 'c1/e1', atMs);
    expect(s.observe('c1').metrics.repliesWhileWithHuman).toBe(2);
  });

  it("counts the user's messages left unanswered after the return, up to the next handover", () => {
    const s = stores();
    s.inbound('c1', 'e1', 0, 'user');
    s.inbound('c1', 'e2', 1, 'user');
    s.inbound('c1', 'r1', 2, 'operator-return');
    s.inbound('c1', 'e3', 3, 'user');
    s.inbound('c1', 'r9', 4, 'operator-return');
    s.inbound('c1', 'e4', 5, 'user');
    s.inbound('c1', 'e5', 6, 'user');
    s.inbound('c1', 'e6', 7, 'user');
    s.ticket('c1', 'c1#1', 10, 20, 'r1');
    s.ticket('c1', 'c1#2', 30);
    s.message('c1', 'notice', 'e2', 'c1#1', 10);
    s.message('c1', 'reply', 'e3', 'c1/e3', 15);
    s.message('c1', 'notice', 'e5', 'c1#2', 30);
    // Another conversation's answer to an event of the same name answers nothing here.
    s.message('c2', 'reply', 'e4', 'c2/e4', 15);
    s.inbound('c2', 'e1', 8, 'user');
    s.ticket('c2', 'c2#1', 10, 20, 'gone'); // resolved by an event the channel never delivered
    // No handover after the return: every later message counts.
    s.inbound('c3', 'e1', 9, 'user');
    s.inbound('c3', 'r1', 10, 'operator-return');
    s.inbound('c3', 'e2', 11, 'user');
    s.inbound('c3', 'e3', 12, 'user');
    s.ticket('c3', 'c3#1', 10, 20, 'r1');
    expect(s.observe('c1', 'c2').metrics.unansweredAfterReturn).toBe(1);
    expect(s.observe('c3').metrics.unansweredAfterReturn).toBe(2);
    expect(s.observe('c1', 'c2', 'c3').metrics.unansweredAfterReturn).toBe(3);
  });

  it('counts a return delivered first of all', () => {
    const s = stores();
    s.inbound('c1', 'r1', 0, 'operator-return');
    s.inbound('c1', 'e1', 1, 'user');
    s.ticket('c1', 'c1#1', 1, 5, 'r1');
    expect(s.observe('c1').metrics.unansweredAfterReturn).toBe(1);
  });

  it("takes the latest return of a conversation's tickets", () => {
    const s = stores();
    s.inbound('c1', 'r1', 0, 'operator-return');
    s.inbound('c1', 'e1', 1, 'user');
    s.inbound('c1', 'r2', 2, 'operator-return');
    s.inbound('c1', 'e2', 3, 'user');
    s.ticket('c1', 'c1#2', 10, 20, 'r2');
    s.ticket('c1', 'c1#1', 1, 5, 'r1');
    expect(s.observe('c1').metrics.unansweredAfterReturn).toBe(1);
  });

  it("counts free-form messages sent more than the window after the user's last message, templates aside", () => {
    const s = stores();
    s.inbound('c1', 'e1', 0, 'user', 0);
    s.inbound('c1', 'r1', 1, 'operator-return', 3_000);
    s.inbound('c1', 'e2', 2, 'user', 5_000);
    s.message('c1', 'reply', 'e1', 'c1/e1', WINDOW_MS); // exactly the window: inside
    s.message('c1', 'reply', 'e1', 'c1/e1', WINDOW_MS + 1);
    s.message('c1', 'notice', 'e1', 'c1#1', 2_000);
    s.message('c1', 'reply', 'r1', 'c1/r1', 3_500); // an operator's return opens no window
    s.message('c1', 'template', 'e1', 'c1/e1', 4_000);
    s.message('c1', 'reply', 'e2', 'c1/e2', 5_000); // sent the moment the user wrote
    s.message('c1', 'reply', 'e2', 'c1/e2', 5_500);
    s.inbound('c2', 'e1', 3, 'user', WINDOW_MS + 1);
    s.message('c2', 'reply', 'e0', 'c2/e0', 50); // before the user ever wrote
    expect(s.observe('c1').metrics.freeFormOutsideWindow).toBe(3);
    expect(s.observe('c2').metrics.freeFormOutsideWindow).toBe(1);
    expect(s.observe('c1', 'c2').metrics.freeFormOutsideWindow).toBe(4);
  });
});
