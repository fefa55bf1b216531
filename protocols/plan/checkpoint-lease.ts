import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * checkpoint-lease: the seed's checkpoint for two processes on one plan, a
 * SQLite row behind a lease ("il checkpoint diventa un lock"). Only the
 * worker holding the lease runs a step; the other waits, then finds the
 * step done.
 */
export const checkpointLease = planLoop({
  name: 'checkpoint-lease',
  summary: 'checkpoint-after-step with the checkpoint in SQLite behind a lease, for several workers',
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, store: (ctx) => ctx.checkpoints.sqliteLease() },
});
