import type { Connection } from '../../sim/engine/connections.js';
import type { ConversationEvent, TranscriptLine } from './types.js';

/*
 * The conversation store's reads and writes, each a plain synchronous
 * statement run inside a transaction the harness opens where a reader of the
 * harness sees it. Nothing here commits on its own.
 */

export interface ConversationRow {
  id: string;
  tenant: string;
  active_agent: string;
  transfer_count: number;
  handover_state: 'none' | 'with-human' | 'returned';
  handover_seq: number;
  last_user_message_ms: number | null;
}

export interface HandoverRow {
  conversation_id: string;
  seq: number;
  event_id: string;
  from_agent: string;
  target: string;
  reason: string;
  summary: string;
  key_facts: string;
  committed_at_ms: number;
  ticket: string | null;
  notified: number;
  returned_by: string | null;
}

export interface OutgoingRow {
  message_key: string;
  conversation_id: string;
  event_id: string;
  agent: string;
  kind: 'reply' | 'notice';
  text: string;
  sent: number;
}

/**
 * Records an event once: a redelivery of an event already recorded changes
 * nothing. Creates the conversation on its first event. The agent lines a
 * log puts before the event enter the transcript first, then the user's text.
 */
export function recordEvent(db: Connection, event: ConversationEvent, entryAgent: string, nowMs: number, life: number): void {
  db.prepare('INSERT OR IGNORE INTO conversations (id, tenant, active_agent) VALUES (?, ?, ?)').run(
    event.conversationId,
    event.tenant,
    entryAgent,
  );
  const body = JSON.stringify(event.kind === 'user' ? { text: event.text } : { messages: event.messages });
  const inserted = db
    .prepare('INSERT OR IGNORE INTO events (conversation_id, event_id, ordinal, kind, body, received_at_ms) VALUES (?, ?, ?, ?, ?, ?)')
    .run(event.conversationId, event.eventId, event.ordinal, event.kind, body, nowMs);
  if (inserted.changes === 0) return;
  // A log's agent turns before this event: prior lines of the agent that has the conversation.
  const active = event.agentLines?.length ? readConversation(db, event.conversationId).active_agent : null;
  for (const text of event.agentLines ?? []) appendLine(db, event.conversationId, event.eventId, { role: 'agent', agent: active, text }, nowMs, life);
  if (event.kind !== 'user') return;
  appendLine(db, event.conversationId, event.eventId, { role: 'user', agent: null, text: event.text }, nowMs, life);
  db.prepare('UPDATE conversations SET last_user_message_ms = ? WHERE id = ?').run(event.atMs, event.conversationId);
}

export function appendLine(
  db: Connection,
  conversationId: string,
  eventId: string,
  line: TranscriptLine & { target?: string },
  nowMs: number,
  life: number,
): void {
  db.prepare(
    'INSERT INTO transcript (conversation_id, event_id, role, agent, target, text, life, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(conversationId, eventId, line.role, line.agent, line.target ?? null, line.text, life, nowMs);
}

export function readConversation(db: Connection, conversationId: string): ConversationRow {
  const row = db.prepare('SELECT * FROM conversations WHERE id = ?').get(conversationId) as ConversationRow | undefined;
  if (!row) throw new Error(`no conversation ${conversationId}`);
  return row;
}

export function readTranscript(db: Connection, conversationId: string): TranscriptLine[] {
  return db
    .prepare('SELECT role, agent, text FROM transcript WHERE conversation_id = ? ORDER BY id')
    .all(conversationId) as TranscriptLine[];
}

/** The event's steps so far, over every life, and one more. */
export function countStep(db: Connection, conversationId: string, eventId: string): void {
  db.prepare('UPDATE events SET steps = steps + 1 WHERE conversation_id = ? AND event_id = ?').run(conversationId, eventId);
}

export function stepsTaken(db: Connection, conversationId: string, eventId: string): number {
  return (
    db.prepare('SELECT steps FROM events WHERE conversation_id = ? AND event_id = ?').get(conversationId, eventId) as { steps: number }
  ).steps;
}

export function markHandled(db: Connection, conversationId: string, eventId: string): void {
  db.prepare("UPDATE events SET state = 'handled' WHERE conversation_id = ? AND event_id = ?").run(conversationId, eventId);
}

export interface PendingEvent {
  conversationId: string;
  eventId: string;
  kind: ConversationEvent['kind'];
  body: string;
}

/**
 * One worker at a time handles a conversation's events, oldest first. Takes
 * (or keeps) the claim and returns the next unhandled event; returns
 * 'claimed' when a live worker of this life holds the claim, and releases it
 * when nothing is left. A claim from an earlier life is void: that process is
 * dead, and every worker of it with it.
 */
export function claimNextEvent(db: Connection, conversationId: string, worker: string, life: number): PendingEvent | 'claimed' | undefined {
  const claim = db.prepare('SELECT claimed_by, claimed_life FROM conversations WHERE id = ?').get(conversationId) as {
    claimed_by: string | null;
    claimed_life: number | null;
  };
  if (claim.claimed_by !== null && claim.claimed_by !== worker && claim.claimed_life === life) return 'claimed';
  const next = db
    .prepare(
      "SELECT conversation_id AS conversationId, event_id AS eventId, kind, body FROM events WHERE conversation_id = ? AND state = 'received' ORDER BY ordinal LIMIT 1",
    )
    .get(conversationId) as PendingEvent | undefined;
  if (!next) {
    db.prepare('UPDATE conversations SET claimed_by = NULL, claimed_life = NULL WHERE id = ?').run(conversationId);
    return undefined;
  }
  db.prepare('UPDATE conversations SET claimed_by = ?, claimed_life = ? WHERE id = ?').run(worker, life, conversationId);
  return next;
}

export function releaseClaim(db: Connection, conversationId: string, worker: string): void {
  db.prepare('UPDATE conversations SET claimed_by = NULL, claimed_life = NULL WHERE id = ? AND claimed_by = ?').run(conversationId, worker);
}

export function conversationsWithWork(db: Connection): string[] {
  return (
    db.prepare("SELECT DISTINCT conversation_id AS id FROM events WHERE state = 'received' ORDER BY conversation_id").all() as {
      id: string;
    }[]
  ).map((row) => row.id);
}

/** The handover this event decided, if it decided one. */
export function handoverOfEvent(db: Connection, conversationId: string, eventId: string): HandoverRow | undefined {
  return db.prepare('SELECT * FROM handovers WHERE conversation_id = ? AND event_id = ?').get(conversationId, eventId) as
    HandoverRow | undefined;
}

/** The conversation's latest handover not yet given back by an operator. */
export function openHandover(db: Connection, conversationId: string): HandoverRow | undefined {
  return db
    .prepare('SELECT * FROM handovers WHERE conversation_id = ? AND returned_by IS NULL ORDER BY seq DESC LIMIT 1')
    .get(conversationId) as HandoverRow | undefined;
}

export function readHandover(db: Connection, conversationId: string, seq: number): HandoverRow {
  return db.prepare('SELECT * FROM handovers WHERE conversation_id = ? AND seq = ?').get(conversationId, seq) as HandoverRow;
}

export function outgoingOfEvent(db: Connection, conversationId: string, eventId: string): OutgoingRow[] {
  return db
    .prepare('SELECT * FROM outgoing WHERE conversation_id = ? AND event_id = ? ORDER BY message_key')
    .all(conversationId, eventId) as OutgoingRow[];
}

export function recordOutgoing(db: Connection, row: Omit<OutgoingRow, 'sent'>): void {
  db.prepare('INSERT OR IGNORE INTO outgoing (message_key, conversation_id, event_id, agent, kind, text) VALUES (?, ?, ?, ?, ?, ?)').run(
    row.message_key,
    row.conversation_id,
    row.event_id,
    row.agent,
    row.kind,
    row.text,
  );
}

/** The user's last lines, newest last: the key facts a ticket carries. */
export function keyFacts(db: Connection, conversationId: string): string[] {
  const lines = db
    .prepare("SELECT text FROM transcript WHERE conversation_id = ? AND role = 'user' ORDER BY id DESC LIMIT 3")
    .all(conversationId) as { text: string }[];
  return lines.map((line) => line.text).reverse();
}

/** An answer to the user's message (the agent's, or the harness's fixed line in its place): recorded to be sent, and in the transcript. */
export function recordReply(db: Connection, event: PendingEvent, agent: string, text: string, nowMs: number, life: number): void {
  const { conversationId: id, eventId } = event;
  recordOutgoing(db, { message_key: `${id}:reply:${eventId}`, conversation_id: id, event_id: eventId, agent, kind: 'reply', text });
  appendLine(db, id, eventId, { role: 'agent', agent, text }, nowMs, life);
}
