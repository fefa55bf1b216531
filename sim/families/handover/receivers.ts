import type { Effect, JsonValue, Receiver } from '../../../protocols/receivers/types.js';
import { HUMAN_QUEUE_SCHEMA, MESSAGE_CHANNEL_SCHEMA } from './schema.js';

/** The channel's rule: a free-form message more than this long after the user's last message is refused. */
export const FREE_FORM_WINDOW_MS = 24 * 3_600_000;

function text(payload: JsonValue, field: string): string {
  const value = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload[field] : undefined;
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** A ticket in the operators' queue: reason, structured summary, key facts, a link to the transcript. */
const enqueueTicket: Effect = {
  apply(db, request, nowMs) {
    if (request.kind !== 'enqueue_ticket') return { refused: `the human queue does not do ${request.kind}`, definitive: true };
    const payload = request.payload;
    const ticket = db
      .prepare(
        `INSERT INTO tickets (tenant, request_key, conversation_id, target, reason, summary, key_facts, transcript_link, intention_id, created_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        request.tenant,
        request.key,
        text(payload, 'conversationId'),
        text(payload, 'target'),
        text(payload, 'reason'),
        text(payload, 'summary'),
        text(payload, 'keyFacts'),
        text(payload, 'transcriptLink'),
        request.intentionId,
        nowMs,
      );
    return { applied: { ticketId: Number(ticket.lastInsertRowid) } };
  },
};

/**
 * A message to the user. Templates may be sent at any time; a free-form
 * message (a reply, a notice) is refused once 24 hours have passed since the
 * user's last message, as messaging platforms do.
 */
const sendMessage: Effect = {
  apply(db, request, nowMs) {
    if (request.kind !== 'send_message') return { refused: `the message channel does not do ${request.kind}`, definitive: true };
    const conversationId = text(request.payload, 'conversationId');
    const kind = text(request.payload, 'kind');
    if (kind !== 'template') {
      const last = db
        .prepare("SELECT MAX(received_at_ms) AS atMs FROM inbound WHERE conversation_id = ? AND kind = 'user'")
        .get(conversationId) as {
        atMs: number | null;
      };
      if (last.atMs === null || nowMs - last.atMs > FREE_FORM_WINDOW_MS) return { refused: 'outside-24h-window', definitive: true };
    }
    const message = db
      .prepare(
        `INSERT INTO messages (tenant, request_key, conversation_id, kind, agent, event_id, text, intention_id, sent_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        request.tenant,
        request.key,
        conversationId,
        kind,
        text(request.payload, 'agent'),
        text(request.payload, 'eventId'),
        text(request.payload, 'text'),
        request.intentionId,
        nowMs,
      );
    return { applied: { messageId: Number(message.lastInsertRowid) } };
  },
};

/** The operators' queue. Its reply can be lost after it committed: the cut `ticket-enqueued`. */
export const HUMAN_QUEUE: Receiver = {
  name: 'human-queue',
  schema: HUMAN_QUEUE_SCHEMA,
  effect: enqueueTicket,
  appliedCut: 'ticket-enqueued',
};

/** The channel to the user. Its reply can be lost after it committed: the cut `message-sent`. */
export const MESSAGE_CHANNEL: Receiver = {
  name: 'message-channel',
  schema: MESSAGE_CHANNEL_SCHEMA,
  effect: sendMessage,
  appliedCut: 'message-sent',
};
