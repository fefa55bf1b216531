import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { sideStoreLease } from '../receivers/side-store-lease.js';

/** The outbox against a warehouse that deduplicates with a lease in a side store: N=2 when a lease expires mid-call. */
export const leaseSideStore = outboxProtocol({
  name: 'lease-side-store',
  summary: 'outbox; the warehouse dedups by a lease and done-marker in a side store, apart from the effect',
  contract: sideStoreLease,
  extensions: [orderedUpdates(), requestLines()],
});
