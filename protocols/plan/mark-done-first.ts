import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { commitStepDone } from './checkpoint-writes.js';
import { planLoop } from './plan-loop.js';

/**
 * mark-done-first: the step is marked done in the checkpoint before its tool
 * is called (the plan's mark-first). A crash after that checkpoint commits and
 * before the write leaves a step recovery believes done: its edit is never
 * made (N=0 at checkpoint-committed). Even the keyed tool cannot help: the
 * write is never sent.
 */
export const markDoneFirst = planLoop({
  name: 'mark-done-first',
  summary: 'marks the step done in the checkpoint before calling its tool',
  toolContract: atomicReceipt,
  seams: {
    ...CORRECT_SEAMS,
    beforeTool: (ctx, store, checkpoint, seams) =>
      commitStepDone(ctx, store, checkpoint, seams).then((done) => ({ ...done, current_step: checkpoint.current_step, status: 'running' })),
  },
});
