import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';
import { linesResult } from './request-lines.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';

/**
 * The flaw: a reply that settles some lines and leaves others unknown (a
 * lost reply for one line, a line refused for now) is taken for the end of
 * the request: the intention is marked done, and the lines still unknown are
 * never asked again. A line whose reply was lost before it was applied, or a
 * backordered line, is silently dropped (N=0 and no local refusal says so).
 */
export const partialIsDone = outboxProtocol({
  name: 'partial-is-done',
  summary: 'outbox-dedup whose relay marks a request of several lines done on a partial reply, dropping the lines still unknown',
  contract: atomicReceipt,
  // The flaw: a partial reply settles the intention as done.
  extensions: [orderedUpdates(), requestLines({ onPartial: (db, row) => ({ status: 'done', result: linesResult(db, row.intentionId) }) })],
});
