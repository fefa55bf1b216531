import { outboxProtocol } from './outbox.js';
import { atomicReceipt } from './warehouse/atomic-receipt.js';

/**
 * The outbox and an atomic receipt, but recovery mints a new key for a row it
 * had already tried, as a model that re-plans after a restart would: the
 * receipt cannot recognise the resend (N=2).
 */
export const keyRegeneratedOnResume = outboxProtocol({
  name: 'key-regenerated-on-resume',
  summary: 'outbox-dedup whose recovery mints a new idempotency key for rows tried before the restart',
  contract: atomicReceipt,
  regenerateKeyOnResume: true,
});
