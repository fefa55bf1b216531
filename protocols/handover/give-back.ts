import { finishEvent } from './finish-event.js';
import { noticeLine } from './handover-effects.js';
import type { HarnessSeams } from './seams.js';
import { appendLine, markHandled, openHandover, readConversation, recordOutgoing, type PendingEvent } from './store.js';
import type { HandoverContext } from './types.js';

/** The operator gives the conversation back: the operator's messages enter the agent's context, and the state is reset. */
export async function giveBack(ctx: HandoverContext, seams: HarnessSeams, event: PendingEvent): Promise<boolean> {
  const { conversationId: id, eventId } = event;
  const messages = (JSON.parse(event.body) as { messages: string[] }).messages;
  const returned = await ctx.orchestrator.transaction((db) => {
    const handover = openHandover(db, id);
    if (!handover) {
      const text = 'an operator return without an open handover';
      appendLine(db, id, eventId, { role: 'harness', agent: null, text }, ctx.nowMs(), ctx.life);
      markHandled(db, id, eventId);
      return false;
    }
    for (const text of messages) appendLine(db, id, eventId, { role: 'operator', agent: handover.target, text }, ctx.nowMs(), ctx.life);
    db.prepare('UPDATE handovers SET returned_by = ? WHERE conversation_id = ? AND seq = ?').run(eventId, id, handover.seq);
    const conversation = readConversation(db, id);
    seams.onReturn(db, conversation);
    seams.activeAgent.write(ctx, db, conversation, handover.from_agent);
    recordOutgoing(db, {
      message_key: `${id}:returned:${handover.seq}`,
      conversation_id: id,
      event_id: eventId,
      agent: handover.from_agent,
      kind: 'notice',
      text: noticeLine(ctx.graph, handover, 'returned', ctx.nowMs()),
    });
    return true;
  });
  await ctx.cut('operator-resolved');
  return returned ? finishEvent(ctx, seams, event, undefined) : true;
}
