import type { JsonValue } from '../receivers/types.js';
import { PLAN_ORCHESTRATOR_SCHEMA } from '../../sim/families/plan/sqlite-checkpoint.js';
import { commitStepDone, saveCheckpoint } from './checkpoint-writes.js';
import { namedPlanContract } from './module-shape.js';
import { planHash, type Plan, type PlanStep } from './plan.js';
import type { CallResult, KeyRequest, PlanLoopDefinition } from './seams.js';
import {
  LeaseLost,
  type Checkpoint,
  type CheckpointStore,
  type LoopStatus,
  type PlanContext,
  type PlanProtocol,
  type ToolReply,
} from './types.js';

/**
 * The files a plan has written up to and including step `index`, each once
 * with the content of the last step that wrote it: what a build gate expects,
 * and what the step writes (a file two steps write gets the later's content).
 */
export function plannedFiles(plan: Plan, index: number): { path: string; content: string }[] {
  const latest = new Map<string, string>();
  for (const step of plan.steps.slice(0, index + 1)) for (const path of step.files ?? []) latest.set(path, plannedContent(plan, step));
  return [...latest].map(([path, content]) => ({ path, content }));
}

function plannedContent(plan: Plan, step: PlanStep): string {
  const content = step.args?.['content'];
  return typeof content === 'string' ? content : `${plan.goal} (${step.id})\n`;
}

export function contextChars(context: Checkpoint['context']): number {
  return (context.summary?.length ?? 0) + context.outputs.reduce((sum, output) => sum + output.length, 0);
}

/**
 * The plan loop of seed 000, on named seams. It resumes where the checkpoint
 * says (refusing a changed plan), runs each step's tool calls under the call
 * budget and the rate limiter's back-off, lets a step advance only when its
 * gate passes, retries a failed attempt a bounded number of times, and writes
 * the checkpoint after each step. Every call is counted on disk before it is
 * made, so no sequence of crashes can spend more than the budget.
 */
export function planLoop(definition: PlanLoopDefinition): PlanProtocol {
  const { seams, toolContract, ...identity } = definition;
  return {
    ...identity,
    toolContract: namedPlanContract(toolContract),
    orchestratorSchema: PLAN_ORCHESTRATOR_SCHEMA,

    async run(ctx) {
      const store = seams.store(ctx);
      const status = await runFromCheckpoint(ctx, store).catch((error: unknown) => {
        // Fenced out: another worker took the lease while this one stalled, and its progress must not be overwritten.
        // Told by name: a user's loop loaded from source meets the class of the compiled store, another module.
        if (error instanceof Error && error.name === LeaseLost.name) return 'lease-held' as const;
        throw error;
      });
      // Whatever the loop ended with, it gives up its claim, so another worker need not wait the lease out.
      if (status !== 'lease-held') await store.claim(ctx.nowMs());
      return status;
    },
  };

  async function runFromCheckpoint(ctx: PlanContext, store: CheckpointStore): Promise<LoopStatus> {
    const { plan, settings } = ctx;
    if (!(await claimOrWait(ctx, store))) return 'lease-held';

    let checkpoint: Checkpoint;
    const found = await store.read();
    if (found.kind === 'found') {
      checkpoint = found.checkpoint;
      // The frozen plan: a restart with another plan file does nothing and says so.
      if (checkpoint.plan_hash !== planHash(plan)) return 'plan-changed';
      if (checkpoint.status !== 'running') return checkpoint.status;
    } else if (found.kind === 'unreadable' && seams.onUnreadable === 'refuse') {
      return 'checkpoint-unreadable';
    } else {
      checkpoint = freshCheckpoint(ctx);
      await saveCheckpoint(ctx, store, seams, checkpoint, 'checkpoint-created');
    }

    // One call: the budget counted on disk first, then any back-off waited out, then the call itself.
    const call = async (tool: string, args: { [key: string]: JsonValue }, key: string, intention: string): Promise<CallResult> => {
      for (;;) {
        if (checkpoint.calls_used >= plan.budget_calls) return { stop: 'budget-exhausted' };
        const until = checkpoint.rate.retry_after_until_ms;
        if (until !== null && until > ctx.nowMs()) await ctx.waitUntilMs(until);
        if (!(await claimOrWait(ctx, store))) return { stop: 'lease-held' };
        checkpoint = { ...checkpoint, calls_used: checkpoint.calls_used + 1 };
        await saveCheckpoint(ctx, store, seams, checkpoint, 'call-counted');
        const reply = await ctx.tools.call({ tool, args, key, intention }, settings.callTimeoutMs);
        await ctx.cut('tool-replied');
        await logCall(ctx, intention, tool, args, reply);
        if (reply.status !== 'rate-limited') return { reply };
        checkpoint = {
          ...checkpoint,
          rate: { limited: checkpoint.rate.limited + 1, retry_after_until_ms: ctx.nowMs() + reply.retryAfterMs },
        };
        await saveCheckpoint(ctx, store, seams, checkpoint, 'backoff-recorded');
      }
    };

    while (checkpoint.current_step < plan.steps.length) {
      const index = checkpoint.current_step;
      const step = plan.steps[index] as PlanStep;
      await ctx.cut('before-step');
      const attempts = checkpoint.steps[index]?.attempts ?? 0;
      if (attempts > settings.retriesMax) return stop(ctx, store, checkpoint, 'step-failed');
      checkpoint = {
        ...checkpoint,
        steps: checkpoint.steps.map((state, at) => (at === index ? { ...state, attempts: attempts + 1 } : state)),
      };
      checkpoint = await seams.beforeTool(ctx, store, checkpoint, seams);

      // The step's tool calls: a write per planned file, or one read; each keyed by the seam just before it is counted.
      let output: unknown;
      let failed = false;
      const keyed = (kind: KeyRequest['kind'], file?: KeyRequest['file']) =>
        seams.key({ kind, ctx, checkpoint, step, attempt: attempts + 1, call: checkpoint.calls_used + 1, ...(file ? { file } : {}) });
      const writes = (step.files ?? []).map((path) => ({
        path,
        content: plannedFiles(plan, index).find((file) => file.path === path)?.content ?? '',
      }));
      const calls =
        writes.length > 0
          ? writes.map((file) => ({
              tool: 'write_file',
              args: file,
              key: () => keyed('write', file),
              intention: `${step.id}:${file.path}`,
            }))
          : [{ tool: step.action, args: step.args ?? {}, key: () => keyed('read'), intention: step.id }];
      for (const planned of calls) {
        const result = await call(planned.tool, planned.args, planned.key(), planned.intention);
        if ('stop' in result) return stop(ctx, store, checkpoint, result.stop);
        if (result.reply.status !== 'ok') failed = true;
        else output = result.reply.output;
      }
      if (!failed && writes.length === 0) checkpoint = withOutput(checkpoint, output);

      const passed = failed
        ? false
        : await seams.gate({
            ctx,
            step,
            output,
            runCommand: (command) => call('run_command', { command, expect: plannedFiles(plan, index) }, keyed('gate'), `${step.id}:gate`),
          });
      if (typeof passed === 'string') return stop(ctx, store, checkpoint, passed);
      await ctx.cut('gate-checked');
      // A failed attempt (no answer in time, a failing gate) is tried again from the top, up to the retry cap.
      if (passed) checkpoint = await commitStepDone(ctx, store, checkpoint, seams);
      else
        checkpoint = { ...checkpoint, steps: checkpoint.steps.map((state, at) => (at === index ? { ...state, status: 'failed' } : state)) };
    }
    return 'completed';
  }

  function freshCheckpoint(ctx: PlanContext): Checkpoint {
    return {
      run_id: `run-${ctx.life}-${ctx.worker}-${ctx.nowMs()}`,
      plan_hash: planHash(ctx.plan),
      current_step: 0,
      steps: ctx.plan.steps.map((step) => ({ id: step.id, status: 'pending', attempts: 0 })),
      calls_used: 0,
      rate: { limited: 0, retry_after_until_ms: null },
      context: { summary: null, outputs: [], peak_chars: 0 },
      status: 'running',
    };
  }

  function withOutput(checkpoint: Checkpoint, output: unknown): Checkpoint {
    // A read tool's text is kept as it is; any other output as its JSON (a primitive has no `text`, so only null needs the `?.`).
    const text = (output as { text?: unknown } | null)?.text;
    const kept = typeof text === 'string' ? text : JSON.stringify(output);
    const outputs = [...checkpoint.context.outputs, kept];
    const context = { ...checkpoint.context, outputs };
    return { ...checkpoint, context: { ...context, peak_chars: Math.max(context.peak_chars, contextChars(context)) } };
  }

  async function stop(ctx: PlanContext, store: CheckpointStore, checkpoint: Checkpoint, status: LoopStatus): Promise<LoopStatus> {
    if (status === 'lease-held') return status;
    await saveCheckpoint(ctx, store, seams, { ...checkpoint, status }, 'loop-stopped');
    return status;
  }
}

/**
 * Takes or renews the right to run steps. A worker that finds another's lease
 * polls, a little virtual time at a time, rather than jumping to the lease's
 * end: the holder keeps working (and renewing) meanwhile.
 */
async function claimOrWait(ctx: PlanContext, store: CheckpointStore): Promise<boolean> {
  for (let waits = 0; waits < CLAIM_WAITS_MAX; waits++) {
    const claim = await store.claim(ctx.nowMs() + ctx.settings.leaseMs);
    if (claim.granted) return true;
    await ctx.waitUntilMs(Math.min(claim.retryAtMs, ctx.nowMs() + LEASE_POLL_MS));
  }
  return false;
}

/** How long a worker waits between two tries at another's lease, in virtual ms. */
const LEASE_POLL_MS = 1_000;

/** How many times a worker tries another's lease before it stops with `lease-held`. */
const CLAIM_WAITS_MAX = 1_000;

async function logCall(ctx: PlanContext, intention: string, tool: string, args: unknown, reply: ToolReply): Promise<void> {
  const durationMs = reply.status === 'ok' || reply.status === 'timeout' ? reply.durationMs : null;
  await ctx.orchestrator.transaction((db) =>
    db
      .prepare('INSERT INTO call_log (life, worker, step, tool, args, duration_ms, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(ctx.life, ctx.worker, intention, tool, JSON.stringify(args), durationMs, reply.status),
  );
}
