import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { receiptThenEffect as contract } from '../receivers/split-receipt.js';

/** The outbox against a warehouse that files the receipt before applying the effect: N=0 at the gap. */
export const receiptThenEffect = outboxProtocol({
  name: 'receipt-then-effect',
  summary: 'outbox; the warehouse commits the receipt, then the effect in a second transaction',
  contract,
  extensions: [orderedUpdates(), requestLines()],
});
