import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';

/**
 * The outbox and an atomic receipt, but recovery mints a new key for a row it
 * had already tried, as a model that re-plans after a restart would: the
 * receipt cannot recognise the resend (N=2).
 */
export const keyRegeneratedOnResume = outboxProtocol({
  name: 'key-regenerated-on-resume',
  summary: 'outbox-dedup whose recovery mints a new idempotency key for rows tried before the restart',
  contract: atomicReceipt,
  extensions: [orderedUpdates(), requestLines()],
  seams: {
    requestKey(db, row, life) {
      // The flaw: a row tried in an earlier life is re-planned under a fresh key, stored for this life.
      if (row.attempts === 0 || row.keyLife >= life) return row.requestKey;
      const fresh = `${row.key}~life${life}`;
      db.prepare('UPDATE outbox SET request_key = ?, key_life = ? WHERE id = ?').run(fresh, life, row.id);
      return fresh;
    },
  },
});
