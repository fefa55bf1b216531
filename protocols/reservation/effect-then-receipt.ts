import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { effectThenReceipt as contract } from '../receivers/split-receipt.js';

/** The outbox against a warehouse that applies the effect before filing its receipt: N=2 at the gap. */
export const effectThenReceipt = outboxProtocol({
  name: 'effect-then-receipt',
  summary: 'outbox; the warehouse commits the effect, then the receipt in a second transaction',
  contract,
  extensions: [orderedUpdates(), requestLines()],
});
