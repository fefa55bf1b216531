import { outboxProtocol } from './outbox.js';
import { noReceipt } from './warehouse/no-receipt.js';

/**
 * The relay publishes (to a receiver without receipts, like a plain message
 * bus), settles the intention, then deletes the outbox row in a transaction
 * of its own: a crash between the two publishes again (N=2).
 */
export const outboxDeleteAfterPublish = outboxProtocol({
  name: 'outbox-delete-after-publish',
  summary: 'outbox whose relay deletes the published row in a separate transaction; receiver without receipts',
  contract: noReceipt,
  deleteAfterPublish: true,
});
