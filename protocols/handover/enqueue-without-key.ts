import { harnessProtocol } from './harness.js';
import { noReceipt } from '../receivers/no-receipt.js';

/**
 * The flaw: the ticket is enqueued into a queue that keeps no receipt, as a
 * plain "create ticket" call does. A crash after the queue committed and
 * before the harness recorded the ticket resends it: the nurse gets two.
 */
export const enqueueWithoutKey = harnessProtocol({
  name: 'enqueue-without-key',
  summary: 'the ticket is created by a call without an idempotency key: a resend after a lost reply is a second ticket',
  contracts: { 'human-queue': noReceipt },
});
