import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { tenantlessReceipt } from '../receivers/atomic-receipt.js';

/** The outbox against a warehouse whose receipt forgets the tenant: one tenant's intention is suppressed (N=0). */
export const tenantLessReceipt = outboxProtocol({
  name: 'tenant-less-receipt',
  summary: 'outbox; the warehouse files receipts by key alone, so tenants sharing a key collide',
  contract: tenantlessReceipt,
  extensions: [orderedUpdates(), requestLines()],
});
