import { harnessProtocol } from '../harness.js';

/**
 * A harness of your own whose handover is written as many apps write it: the
 * conversation is marked as with a person in one transaction, and the ticket
 * to send is recorded in a second. Flawed at the cut between them: a crash
 * there leaves a person "with" the conversation and no ticket anywhere, so
 * after the restart no agent answers and no person was asked (N=0 at
 * state-committed). Run it with
 *
 *   npx sim table --family handover --protocol protocols/handover/examples/state-apart-from-ticket.ts
 *
 * The repair is state-with-ticket.ts beside it.
 */
export default harnessProtocol({
  name: 'state-apart-from-ticket',
  summary: 'the handover state and the ticket to send in two transactions: a crash between loses the ticket',
  seams: {
    async writeHandover(ctx, writes) {
      if (!(await ctx.orchestrator.transaction((db) => writes.state(db)))) return null;
      await ctx.cut('state-committed');
      return ctx.orchestrator.transaction((db) => writes.ticket(db));
    },
  },
});
