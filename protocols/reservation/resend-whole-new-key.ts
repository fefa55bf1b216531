import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';

/**
 * The flaw: after a reply that left some lines unknown (a lost reply, a crash
 * after some lines were applied, a line refused for now), the relay sends the
 * whole request again, every line, under keys new to this attempt. The lines
 * already applied find no receipt under their new keys and are applied again
 * (N=2), whatever the warehouse's receipts do.
 */
export const resendWholeNewKey = outboxProtocol({
  name: 'resend-whole-new-key',
  summary: 'outbox-dedup whose relay resends every line of a request of several lines under keys new to each attempt',
  contract: atomicReceipt,
  // The flaw: every line goes out again, under a key new to this attempt.
  extensions: [
    orderedUpdates(),
    requestLines({ linesToSend: (lines, row) => lines.map((line) => ({ line, key: `${line.lineKey}@${row.attempts}` })) }),
  ],
});
