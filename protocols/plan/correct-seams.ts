import { RESULTS_GATE, resultsGatePasses } from '../../sim/families/plan/gates.js';
import type { KeyRequest, PlanLoopSeams } from './seams.js';

/** How many characters a summary keeps: what the context may hold beside the outputs since the last summary. */
export const SUMMARY_CHARS_MAX = 200;

/**
 * The seams as seed 000 fills them: the checkpoint is an atomically rewritten
 * JSON file, refused when unreadable, written whole; a step is marked done
 * only after its gate; the gate is executable (a count over the step's output,
 * or a command the tool server runs); the context is summarised every few
 * steps and old outputs dropped; a write is keyed by run, step and file.
 */
export const CORRECT_SEAMS: PlanLoopSeams = {
  store: (ctx) => ctx.checkpoints.atomicJson(),
  onUnreadable: 'refuse',
  persisted: (checkpoint) => checkpoint,
  beforeTool: async (_ctx, _store, checkpoint) => checkpoint,
  key: runStepFileKey,
  async gate({ step, output, runCommand }) {
    if (RESULTS_GATE.test(step.gate)) return resultsGatePasses(output);
    const run = await runCommand(step.gate);
    if ('stop' in run) return run.stop;
    const { reply } = run;
    // Only an answer whose `passed` is true passes; a primitive output has no `passed`, so null is the one value to step around.
    return reply.status === 'ok' && reply.output !== null && (reply.output as { passed?: unknown }).passed === true;
  },
  summarise(context, stepsDone, everySteps) {
    if (stepsDone % everySteps !== 0 || context.outputs.length === 0) return context;
    const summary = `summary after ${stepsDone} steps: ${context.outputs.length} outputs condensed`.slice(0, SUMMARY_CHARS_MAX);
    return { summary, outputs: [], peak_chars: context.peak_chars };
  },
};

/**
 * The seed's key: a write is the same call in every attempt and every life of
 * one run (`${run_id}:${step}:${file}`), so a keyed tool replays its resend;
 * a read or a gate's command is asked afresh, keyed by life and call.
 */
export function runStepFileKey({ kind, ctx, checkpoint, step, call, file }: KeyRequest): string {
  if (kind === 'write') return `${checkpoint.run_id}:${step.id}:${file?.path ?? ''}`;
  return `${checkpoint.run_id}:${step.id}:${kind}-${ctx.life}-${call}`;
}
