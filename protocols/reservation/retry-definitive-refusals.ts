import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';

/**
 * The flaw: every refusal is taken for a transient one. An unknown part or a
 * tenant the warehouse does not serve is asked again, same key, after each
 * retry delay, with no cap of its own: the relay spends attempt after attempt
 * on a request that can never succeed, until the harness's round bound stops
 * it, and the intention is left pending (stuck) instead of failed with its reason.
 */
export const retryDefinitiveRefusals = outboxProtocol({
  name: 'retry-definitive-refusals',
  summary: 'outbox-dedup whose relay retries every refusal, definitive ones too, and leaves them pending',
  contract: atomicReceipt,
  extensions: [orderedUpdates(), requestLines()],
  seams: { onRefused: () => undefined },
});
