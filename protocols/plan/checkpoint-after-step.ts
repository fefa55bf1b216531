import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * checkpoint-after-step: seed 000 as written. The write tool honours the
 * idempotency key (run id, step, file), so a step redone after a crash
 * replays its write instead of writing again; the checkpoint is written
 * after the gate passed, atomically.
 */
export const checkpointAfterStep = planLoop({
  name: 'checkpoint-after-step',
  summary: 'keyed write tool, atomic JSON checkpoint after each gated step, budget and back-off on disk',
  toolContract: atomicReceipt,
  seams: CORRECT_SEAMS,
});
