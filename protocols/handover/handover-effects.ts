import type { HandoverGraph } from '../../sim/families/handover/graph.js';
import type { ReceiverReply, ReceiverRequest } from '../receivers/types.js';
import type { HarnessSeams } from './seams.js';
import { handoverIntention } from './ticket.js';
import { outgoingOfEvent, readConversation, readHandover, type HandoverRow, type OutgoingRow, type PendingEvent } from './store.js';
import type { HandoverContext } from './types.js';

/** The replies that settle a send; `unavailable` and `no-reply` leave it to be sent again. */
function settles(reply: ReceiverReply): boolean {
  return reply.status !== 'unavailable' && reply.status !== 'no-reply' && reply.status !== 'accepted';
}

/**
 * The user-facing line of a handover (`promised`) or of an operator's return
 * (`returned`). Out of office hours the user is told so; an urgent case is
 * given the line that does not depend on the queue.
 */
export function noticeLine(graph: HandoverGraph, handover: HandoverRow, moment: 'promised' | 'returned', nowMs: number): string {
  const human = graph.humans[handover.target];
  if (!human) return `Your conversation is with ${handover.target}.`;
  if (moment === 'returned') return `A person (${human.description}) has answered you; our assistant is with you again.`;
  const hour = Math.floor(nowMs / 3_600_000) % 24;
  const open = hour >= human.openHour && hour < human.closeHour;
  const promise = open
    ? `A person (${human.description}) will answer you within ${Math.round(human.answersWithinMs / 60_000)} minutes.`
    : `We are closed now; a person (${human.description}) will answer you from ${human.openHour}:00.`;
  if (handover.reason === 'model_unavailable') return `We are having trouble answering here. ${promise}`;
  return handover.reason === 'unsafe_to_continue' || handover.reason === 'crisis'
    ? `${promise} If this is urgent, ${human.urgentLine} now.`
    : promise;
}

/**
 * A message to the user on the channel. Within 24 hours of the user's last
 * message it is free-form; past that, the channel refuses free-form text, so
 * the harness sends it as a template (a pre-approved form that carries it).
 */
function messageRequest(
  ctx: HandoverContext,
  tenant: string,
  lastUserMs: number | null,
  row: Omit<OutgoingRow, 'sent'>,
  issuedAtMs: number,
  intentionId: string,
): ReceiverRequest {
  const freeForm = lastUserMs !== null && ctx.nowMs() - lastUserMs <= ctx.settings.freeFormWindowMs;
  return {
    tenant,
    key: row.message_key,
    kind: 'send_message',
    payload: {
      conversationId: row.conversation_id,
      kind: freeForm ? row.kind : 'template',
      agent: row.agent,
      eventId: row.event_id,
      text: freeForm ? row.text : `[template ${row.kind}] ${row.text}`,
    },
    issuedAtMs,
    intentionId,
  };
}

/**
 * A handover's side effects, in the seam's order (the reference: ticket,
 * then notice), each skipped when an earlier life already settled it. The
 * ticket goes out through the enqueueTicket seam; a reply that settles is
 * recorded on the handover's row, and until one is, a later drain asks the
 * seam again. Returns false when a receiver did not settle, leaving the rest
 * for a later drain.
 */
export async function completeHandover(
  ctx: HandoverContext,
  handover: HandoverRow,
  order: readonly ('ticket' | 'notice')[],
  enqueue: HarnessSeams['enqueueTicket'],
): Promise<boolean> {
  const { conversation_id: id, seq } = handover;
  for (const step of order) {
    const { current, conversation } = await ctx.orchestrator.transaction((db) => ({
      current: readHandover(db, id, seq),
      conversation: readConversation(db, id),
    }));
    if (step === 'ticket' && current.ticket === null) {
      const reply = await enqueue(ctx, current, conversation);
      if (!settles(reply)) return false;
      await ctx.orchestrator.transaction((db) => {
        db.prepare('UPDATE handovers SET ticket = ? WHERE conversation_id = ? AND seq = ?').run(JSON.stringify(reply), id, seq);
      });
    }
    if (step === 'notice' && current.notified === 0) {
      const notice = {
        message_key: `${id}:notice:${seq}`,
        conversation_id: id,
        event_id: current.event_id,
        agent: current.from_agent,
        kind: 'notice' as const,
      };
      const text = noticeLine(ctx.graph, current, 'promised', ctx.nowMs());
      const request = messageRequest(
        ctx,
        conversation.tenant,
        conversation.last_user_message_ms,
        { ...notice, text },
        current.committed_at_ms,
        handoverIntention(id, seq),
      );
      const reply = await ctx.receiver('message-channel').send(request);
      if (!settles(reply)) return false;
      await ctx.orchestrator.transaction((db) => {
        db.prepare('UPDATE handovers SET notified = 1 WHERE conversation_id = ? AND seq = ?').run(id, seq);
      });
      await ctx.cut('user-notified');
    }
  }
  return true;
}

/** Sends the event's recorded messages not yet sent (a reply, a return notice), each under its own key. */
export async function sendOutgoing(ctx: HandoverContext, event: PendingEvent): Promise<boolean> {
  const { rows, conversation } = await ctx.orchestrator.transaction((db) => ({
    rows: outgoingOfEvent(db, event.conversationId, event.eventId).filter((row) => row.sent === 0),
    conversation: readConversation(db, event.conversationId),
  }));
  for (const row of rows) {
    const reply = await ctx
      .receiver('message-channel')
      .send(messageRequest(ctx, conversation.tenant, conversation.last_user_message_ms, row, ctx.nowMs(), row.message_key));
    if (!settles(reply)) return false;
    await ctx.orchestrator.transaction((db) => {
      db.prepare('UPDATE outgoing SET sent = 1 WHERE message_key = ?').run(row.message_key);
    });
  }
  return true;
}
