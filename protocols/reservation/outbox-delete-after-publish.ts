import { noReceipt } from '../receivers/no-receipt.js';
import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';

/**
 * The relay publishes (to a receiver without receipts, like a plain message
 * bus), settles the intention, then deletes the outbox row in a transaction
 * of its own: a crash between the two publishes again (N=2).
 */
export const outboxDeleteAfterPublish = outboxProtocol({
  name: 'outbox-delete-after-publish',
  summary: 'outbox whose relay deletes the published row in a separate transaction; receiver without receipts',
  contract: noReceipt,
  extensions: [orderedUpdates(), requestLines()],
  seams: {
    async confirm(ctx, row, { status, result }) {
      await ctx.orchestrator.transaction((db) => {
        db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE id = ? AND status = 'pending'`).run(status, result, row.intentionId);
      });
      // The flaw: the row is still pending here, and a crash now publishes it again.
      await ctx.orchestrator.transaction((db) => {
        db.prepare('DELETE FROM outbox WHERE id = ?').run(row.id);
      });
      return true;
    },
  },
});
