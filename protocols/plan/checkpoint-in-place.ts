import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { inPlaceJsonCheckpoint } from './in-place-checkpoint.js';
import { planLoop } from './plan-loop.js';

/**
 * checkpoint-in-place: the checkpoint is truncated and then written, and a
 * restart that cannot read it starts over as if there were none. A crash
 * between truncate and write (checkpoint-written) leaves a torn file; the
 * restart mints a new run, so every step is redone under new keys: the budget
 * is spent twice over and the keyed tool writes again (N=2).
 */
export const checkpointInPlace = planLoop({
  name: 'checkpoint-in-place',
  summary: 'truncates then writes the JSON checkpoint; an unreadable checkpoint means start over',
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, store: (ctx) => inPlaceJsonCheckpoint(ctx.checkpointFile), onUnreadable: 'start-over' },
});
