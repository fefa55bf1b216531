import type { PlanLoopSeams } from './seams.js';
import type { Checkpoint, CheckpointStore, PlanContext } from './types.js';

/** Writes a checkpoint whole, for the loop's bookkeeping (a call counted, a back-off recorded): stage, commit, then the boundary. */
export async function saveCheckpoint(ctx: PlanContext, store: CheckpointStore, seams: PlanLoopSeams, checkpoint: Checkpoint, cut: string) {
  await store.stage(seams.persisted(checkpoint));
  await store.commit();
  await ctx.cut(cut);
}

/**
 * Marks the current step done and moves to the next: the step's checkpoint
 * write, with its two boundaries visible (the temporary file is on disk, then
 * it is the checkpoint). The context is summarised here, every few steps. A
 * seam of one's own may call it (mark-done-first marks the step before its tool).
 */
export async function commitStepDone(
  ctx: PlanContext,
  store: CheckpointStore,
  checkpoint: Checkpoint,
  seams: PlanLoopSeams,
): Promise<Checkpoint> {
  const index = checkpoint.current_step;
  const steps = checkpoint.steps.map((step, at) => (at === index ? { ...step, status: 'done' as const } : step));
  const next: Checkpoint = {
    ...checkpoint,
    steps,
    current_step: index + 1,
    context: seams.summarise(checkpoint.context, index + 1, ctx.settings.summaryEverySteps),
    status: index + 1 === steps.length ? 'completed' : 'running',
  };
  await store.stage(seams.persisted(next));
  await ctx.cut('checkpoint-written');
  await store.commit();
  await ctx.cut('checkpoint-committed');
  return next;
}
