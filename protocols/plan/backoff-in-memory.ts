import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * backoff-in-memory: the rate limiter's Retry-After deadline is kept in the
 * process only. A restart inside the window forgets it and calls at once,
 * inside the window the server announced.
 */
export const backoffInMemory = planLoop({
  name: 'backoff-in-memory',
  summary: "keeps the 429's Retry-After deadline in memory only",
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, persisted: (checkpoint) => ({ ...checkpoint, rate: { ...checkpoint.rate, retry_after_until_ms: null } }) },
});
