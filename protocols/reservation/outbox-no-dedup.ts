import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { noReceipt } from '../receivers/no-receipt.js';

/** The outbox against a warehouse without receipts: a resend after the effect is a second effect. */
export const outboxNoDedup = outboxProtocol({
  name: 'outbox-no-dedup',
  summary: 'intention + outbox row in one local transaction, relay resends pending rows; warehouse applies every request as new',
  contract: noReceipt,
  extensions: [orderedUpdates(), requestLines()],
});
