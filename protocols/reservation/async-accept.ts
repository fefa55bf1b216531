import { asyncAccept as contract } from '../receivers/async-accept.js';
import { outboxProtocol } from './outbox.js';
import { requestLines } from './outbox-lines.js';
import { orderedUpdates } from './outbox-updates.js';

/** Takes the asynchronous warehouse's "accepted" for "done": when the completion fails, the effect is lost (N=0). */
export const asyncAccept = outboxProtocol({
  name: 'async-accept',
  summary: 'outbox against an asynchronous warehouse; treats "accepted" as done',
  contract,
  extensions: [orderedUpdates(), requestLines()],
  seams: {
    // The flaw: "accepted" is taken for the outcome, so the relay never asks again.
    onAccepted: () => ({ status: 'done', result: JSON.stringify({ accepted: true }) }),
  },
});

/** The repair: "accepted" is not done; the relay asks again by the same key until the warehouse reports the completed result. */
export const asyncAcceptReconciled = outboxProtocol({
  name: 'async-accept-reconciled',
  summary: 'outbox against an asynchronous warehouse; asks again by key until the operation completed',
  contract,
  extensions: [orderedUpdates(), requestLines()],
});
