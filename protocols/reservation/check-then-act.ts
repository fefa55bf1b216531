import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { checkThenActReceipt } from '../receivers/check-then-act-receipt.js';

/** The outbox against a warehouse that checks its receipt and applies in two transactions: N=2 under concurrency. */
export const checkThenAct = outboxProtocol({
  name: 'check-then-act',
  summary: 'outbox; the warehouse looks up the receipt and applies the effect in two transactions',
  contract: checkThenActReceipt,
  extensions: [orderedUpdates(), requestLines()],
});
