import { ticketRequest } from '../ticket.js';
import { harnessProtocol } from '../harness.js';

/**
 * The repair of state-apart-from-ticket.ts: the handover state and the
 * ticket's record commit in one transaction, so a crash leaves both or
 * neither, and a later life sends the ticket it finds. The ticket goes out
 * through a seam of its own, which here puts the reason in front of the
 * summary for the operators; the request stays the same on every call (its
 * key is the handover's), so a resend is a replay. Run it with
 *
 *   npx sim table --family handover --protocol protocols/handover/examples/state-with-ticket.ts
 */
export default harnessProtocol({
  name: 'state-with-ticket',
  summary: 'the handover state and the ticket to send in one transaction, the ticket sent by a seam of its own',
  seams: {
    writeHandover: (ctx, writes) => ctx.orchestrator.transaction((db) => (writes.state(db) ? writes.ticket(db) : null)),
    enqueueTicket(ctx, handover, conversation) {
      const request = ticketRequest(handover, conversation);
      // The operators sort their queue by the reason in front of the summary.
      const payload = { ...(request.payload as Record<string, string>), summary: `[${handover.reason}] ${handover.summary}` };
      return ctx.receiver('human-queue').send({ ...request, payload });
    },
  },
});
