import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';

/** The outbox against a warehouse whose receipt commits with the effect: a resend becomes a replay. */
export const outboxDedup = outboxProtocol({
  name: 'outbox-dedup',
  summary: 'intention + outbox row in one local transaction, relay resends pending rows; warehouse keeps an atomic receipt',
  contract: atomicReceipt,
  extensions: [orderedUpdates(), requestLines()],
});
