import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';

/**
 * The flaw: updates to one reservation object travel without their place in
 * the caller's order, so the warehouse applies whatever arrives last. Every
 * update is still delivered once (receipts deduplicate resends), but a
 * change-quantity delayed behind its cancel (a retry delay, a lease held by a
 * crashed or suspended worker, a second relay overtaking the first) arrives
 * after it and brings the cancelled reservation back.
 */
export const lastWriterWins = outboxProtocol({
  name: 'last-writer-wins',
  summary: 'outbox-dedup whose updates to one object carry no sequence number: the warehouse applies whatever arrives last',
  contract: atomicReceipt,
  // The flaw: an update goes out without its place.
  extensions: [orderedUpdates({ sequence: () => undefined }), requestLines()],
});
