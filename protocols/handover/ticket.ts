import type { ReceiverRequest } from '../receivers/types.js';
import type { ConversationRow, HandoverRow } from './store.js';

/** What a handover's ticket and its notice are counted under: the conversation and the handover's sequence. */
export function handoverIntention(conversationId: string, seq: number): string {
  return `${conversationId}#${seq}`;
}

/**
 * The reference's request for a handover's ticket: keyed by the conversation
 * and the handover's sequence, so a resend after a lost reply is a replay;
 * the handover's reason, summary and key facts, and a link to the transcript.
 * A harness's own `enqueueTicket` may send it as it is, or build its own.
 */
export function ticketRequest(handover: HandoverRow, conversation: ConversationRow): ReceiverRequest {
  const { conversation_id: id, seq } = handover;
  return {
    tenant: conversation.tenant,
    key: `${id}:handover-${seq}`,
    kind: 'enqueue_ticket',
    payload: {
      conversationId: id,
      target: handover.target,
      reason: handover.reason,
      summary: handover.summary,
      keyFacts: JSON.parse(handover.key_facts) as string[],
      transcriptLink: `orchestrator.db#transcript?conversation=${id}`,
    },
    issuedAtMs: handover.committed_at_ms,
    intentionId: handoverIntention(id, seq),
  };
}
