import { completeHandover, sendOutgoing } from './handover-effects.js';
import type { HarnessSeams } from './seams.js';
import { markHandled, type HandoverRow, type PendingEvent } from './store.js';
import type { HandoverContext } from './types.js';

/**
 * What an event's committed decision leaves to do, in order: the handover's
 * side effects (ticket, notice), the outgoing messages, then the event is
 * handled. False when a receiver did not settle: the event stays unhandled,
 * and a later drain finishes it from the same rows, never deciding again.
 */
export async function finishEvent(
  ctx: HandoverContext,
  seams: HarnessSeams,
  event: PendingEvent,
  handover: HandoverRow | undefined,
): Promise<boolean> {
  if (handover && !(await completeHandover(ctx, handover, seams.handoverOrder, seams.enqueueTicket))) return false;
  if (!(await sendOutgoing(ctx, event))) return false;
  await ctx.orchestrator.transaction((db) => markHandled(db, event.conversationId, event.eventId));
  return true;
}
