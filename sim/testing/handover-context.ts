import Database from 'better-sqlite3';
import type { ReceiverReply, ReceiverRequest } from '../../protocols/receivers/types.js';
import { recordEvent, type PendingEvent } from '../../protocols/handover/store.js';
import type { ConversationEvent, HandoverContext, HandoverSettings, Policy } from '../../protocols/handover/types.js';
import { DEFAULT_GRAPH } from '../families/handover/graph.js';
import { CONVERSATION_SCHEMA } from '../families/handover/schema.js';
import { DEFAULT_HANDOVER_SETTINGS } from '../families/handover/workload.js';

/** One request a receiver was sent, and to which receiver. */
export interface SentRequest {
  receiver: string;
  request: ReceiverRequest;
}

/** What a test sees of a hand-driven harness: the conversation store, the requests sent, the cuts reached, the clock. */
export interface HandoverBench {
  db: Database.Database;
  ctx: HandoverContext;
  sent: SentRequest[];
  cuts: string[];
  setNow(ms: number): void;
  /** Records an event in the store (as `receive` does) and returns it as the harness handles it. */
  record(event: ConversationEvent): PendingEvent;
  rows(sql: string, ...params: unknown[]): unknown[];
}

/**
 * A harness context over a real conversation store in memory, driven by the
 * test: each receiver answers with the replies the test queues for it, then
 * `ok`. No tools are offered, and the model is the test's (one that is down
 * when it gives none): a handover, its effects and a return never ask for it.
 */
export function handoverBench(
  options: { nowMs?: number; replies?: Record<string, ReceiverReply[]>; settings?: Partial<HandoverSettings>; model?: Policy } = {},
): HandoverBench {
  const db = new Database(':memory:');
  db.exec(CONVERSATION_SCHEMA);
  const sent: SentRequest[] = [];
  const cuts: string[] = [];
  let now = options.nowMs ?? 9 * 3_600_000;
  const replies = options.replies ?? {};
  const unused = (): never => {
    throw new Error('not driven by this test');
  };
  const ctx: HandoverContext = {
    worker: 'worker-1',
    life: 0,
    async cut(name) {
      cuts.push(name);
    },
    nowMs: () => now,
    orchestrator: {
      async transaction(work) {
        return db.transaction(work)(db);
      },
    },
    receiver: (receiver) => ({
      async send(request) {
        sent.push({ receiver, request });
        return replies[receiver]?.shift() ?? { status: 'ok', result: null, replayed: false };
      },
    }),
    graph: DEFAULT_GRAPH,
    model: options.model ?? { name: 'down', respond: unused },
    tools: { specs: () => [], own: {}, validateTransfer: unused },
    settings: { ...DEFAULT_HANDOVER_SETTINGS, ...options.settings },
    memory: new Map(),
  };
  return {
    db,
    ctx,
    sent,
    cuts,
    setNow: (ms) => {
      now = ms;
    },
    record(event) {
      recordEvent(db, event, DEFAULT_GRAPH.entry, now, 0);
      const body = JSON.stringify(event.kind === 'user' ? { text: event.text } : { messages: event.messages });
      return { conversationId: event.conversationId, eventId: event.eventId, kind: event.kind, body };
    },
    rows: (sql, ...params) => db.prepare(sql).all(...params),
  };
}

/** A user's message of conversation c1 at `atMs`. */
export const userEvent = (eventId: string, ordinal: number, text: string, atMs = 9 * 3_600_000): ConversationEvent => ({
  kind: 'user',
  conversationId: 'c1',
  tenant: 'clinicA',
  eventId,
  ordinal,
  atMs,
  text,
});
