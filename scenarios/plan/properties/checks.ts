import { SUMMARY_CHARS_MAX } from '../../../protocols/plan/correct-seams.js';
import type { Checkpoint } from '../../../protocols/plan/types.js';
import type { HistoryEvent } from '../../../sim/engine/history.js';
import type { FamilyRunOutcome } from '../../../sim/plan/interim/run-family.js';
import { DEFAULT_PLAN_SETTINGS, writeIntentions } from '../../../sim/plan/workload.js';
import type { PlanTrial } from './trial.js';

export type PlanViolationKind =
  | 'error'
  | 'stuck'
  | 'duplicate'
  | 'lost'
  | 'over-budget'
  | 'unbounded'
  | 'redone'
  | 'torn'
  | 'in-window'
  | 'timeout-ignored'
  | 'gate-skipped'
  | 'plan-drift'
  | 'context-growth';

export interface PlanViolation {
  kind: PlanViolationKind;
  message: string;
}

export type PlanCheck = (trial: PlanTrial, outcome: FamilyRunOutcome) => PlanViolation | undefined;

interface CallRow {
  life: number;
  request_key: string;
  outcome: string;
  duration_ms: number | null;
}

function finalCheckpoint(outcome: FamilyRunOutcome): Checkpoint | undefined {
  return outcome.observation.state['checkpoint']?.['checkpoint']?.[0] as Checkpoint | undefined;
}

function calls(outcome: FamilyRunOutcome): CallRow[] {
  return (outcome.observation.state['tool-server']?.['calls'] ?? []) as unknown as CallRow[];
}

/** The step a call was for: the oracle tag's first part (`<step>`, `<step>:<file>`, `<step>:gate`). */
function stepOfIntention(intention: unknown): string {
  return String(intention).split(':')[0] ?? '';
}

/** The run itself ended normally: a protocol that throws, or never completes a life, is a violation, not a pass. */
export const ranToEnd: PlanCheck = (_trial, outcome) => {
  if (outcome.end.kind === 'error') return { kind: 'error', message: `the run failed: ${outcome.end.message}` };
  if (outcome.end.kind === 'lives-exhausted') return { kind: 'stuck', message: `no life completed within ${outcome.end.livesMax} lives` };
  return undefined;
};

/** Every planned write has N <= 1, and every write step the checkpoint calls done has N = 1. */
export const writesOnce: PlanCheck = (trial, outcome) => {
  const { effects } = outcome.observation;
  for (const intention of writeIntentions(trial.workload.plan)) {
    const n = effects[intention] ?? 0;
    if (n > 1) return { kind: 'duplicate', message: `${intention} written ${n} times` };
  }
  const done = new Set(
    finalCheckpoint(outcome)
      ?.steps.filter((step) => step.status === 'done')
      .map((step) => step.id),
  );
  for (const intention of writeIntentions(trial.workload.plan)) {
    if (done.has(stepOfIntention(intention)) && (effects[intention] ?? 0) !== 1) {
      return { kind: 'lost', message: `${intention}: its step is done but the tool server holds ${effects[intention] ?? 0} writes` };
    }
  }
  return undefined;
};

/**
 * Calls across all lives stay within budget_calls, and the loop's work is
 * bounded: no step is attempted more than retriesMax + 1 times, so a plan of s
 * steps makes at most min(budget_calls, s x (retriesMax + 1) x (calls per
 * attempt) + 429 retries) calls, and the quiet life ends it.
 */
export const withinBudget: PlanCheck = (trial, outcome) => {
  const used = outcome.observation.metrics['calls'] ?? 0;
  if (used > trial.workload.plan.budget_calls)
    return { kind: 'over-budget', message: `${used} calls against a budget of ${trial.workload.plan.budget_calls}` };
  const attemptsMax = DEFAULT_PLAN_SETTINGS.retriesMax + 1;
  const over = finalCheckpoint(outcome)?.steps.find((step) => step.attempts > attemptsMax);
  if (over) return { kind: 'unbounded', message: `step ${over.id} attempted ${over.attempts} times, more than ${attemptsMax}` };
  return undefined;
};

/** Once a checkpoint marking a step done is durable, no call is made for that step again, in any life. */
export const committedNotRedone: PlanCheck = (_trial, outcome) => {
  const committed = new Set<string>();
  for (const event of outcome.history.all()) {
    if (event.op === 'checkpoint-durable') for (const step of doneOf(event)) committed.add(step);
    if (event.op === 'tool-call' && event.type === 'invoke') {
      const step = stepOfIntention((event.value as { intention?: unknown }).intention);
      if (committed.has(step))
        return { kind: 'redone', message: `step ${step} called again (event ${event.seq}) after its checkpoint committed` };
    }
  }
  return undefined;
};

function doneOf(event: HistoryEvent): string[] {
  return ((event.value as { done?: string[] } | undefined)?.done ?? []).map(String);
}

/** Every life starts from a checkpoint that is whole (or none at all) and has lost no step that was committed done. */
export const neverTorn: PlanCheck = (_trial, outcome) => {
  let committed: string[] = [];
  for (const event of outcome.history.all()) {
    if (event.op === 'checkpoint-durable') committed = doneOf(event);
    if (event.op !== 'checkpoint-at-start') continue;
    const start = event.value as { readable: boolean };
    if (!start.readable) return { kind: 'torn', message: `life ${event.life} found an unreadable checkpoint` };
    const lost = committed.filter((step) => !doneOf(event).includes(step));
    if (lost.length > 0) return { kind: 'torn', message: `life ${event.life} found steps ${lost.join(', ')} no longer done` };
  }
  return undefined;
};

/**
 * No call inside a Retry-After window the loop knew of: one announced in the
 * same life, or one it had recorded (its `backoff-recorded` boundary passed)
 * before a restart. A 429 whose reply died with the process cannot be known.
 */
export const backoffHonoured: PlanCheck = (_trial, outcome) => {
  const windows: { fromMs: number; untilMs: number; life: number; worker: string; recorded: boolean }[] = [];
  for (const event of outcome.history.all()) {
    if (event.op === 'tool-call' && event.type === 'fail') {
      const value = event.value as { status?: unknown; retryAfterMs?: number };
      if (value.status === 429)
        windows.push({
          fromMs: event.atMs,
          untilMs: event.atMs + (value.retryAfterMs ?? 0),
          life: event.life,
          worker: event.worker,
          recorded: false,
        });
    }
    if (event.type === 'cut' && event.op === 'backoff-recorded') {
      const latest = windows.filter((window) => window.life === event.life && window.worker === event.worker).at(-1);
      if (latest) latest.recorded = true;
    }
    if (event.op === 'tool-call' && event.type === 'invoke') {
      const inside = windows.find(
        (window) => window.fromMs <= event.atMs && event.atMs < window.untilMs && (window.life === event.life || window.recorded),
      );
      if (inside)
        return {
          kind: 'in-window',
          message: `call at ${event.atMs} ms (life ${event.life}) inside the Retry-After window [${inside.fromMs}, ${inside.untilMs})`,
        };
    }
  }
  return undefined;
};

/** A call slower than the timeout is abandoned at the timeout, and a step is done only with an answered call of its own. */
export const slowCallAbandoned: PlanCheck = (_trial, outcome) => {
  const rows = calls(outcome);
  const late = rows.find((row) => row.outcome === 'timeout' && row.duration_ms !== DEFAULT_PLAN_SETTINGS.callTimeoutMs);
  if (late) return { kind: 'timeout-ignored', message: `a timed-out call took ${late.duration_ms} ms` };
  for (const step of finalCheckpoint(outcome)?.steps ?? []) {
    if (step.status !== 'done') continue;
    const answered = rows.some((row) => row.request_key.split(':')[1] === step.id && row.outcome === 'ok');
    if (!answered) return { kind: 'timeout-ignored', message: `step ${step.id} is done without one answered call` };
  }
  return undefined;
};

/** No step is done whose gate did not pass on the tool server. */
export const gatesPassed: PlanCheck = (_trial, outcome) => {
  const skipped = outcome.observation.metrics['advanced_on_failing_gate'] ?? 0;
  return skipped > 0 ? { kind: 'gate-skipped', message: `${skipped} step(s) advanced without their gate passing` } : undefined;
};

/** A restart that finds a checkpoint of another plan refuses: it ends with plan-changed and calls nothing. */
export const planFrozen: PlanCheck = (trial, outcome) => {
  if (!trial.workload.planAfterRestart) return undefined;
  const withCheckpoint = new Set(
    outcome.history
      .all()
      .filter((event) => event.op === 'checkpoint-at-start' && event.life > 0 && (event.value as { run: unknown }).run !== null)
      .map((event) => event.life),
  );
  const drifted = calls(outcome).find((row) => withCheckpoint.has(row.life));
  if (drifted) return { kind: 'plan-drift', message: `life ${drifted.life} ran a changed plan over the frozen checkpoint` };
  return undefined;
};

/** The context stays within its bound: a summary, plus the outputs of the steps since it, each step at most retriesMax + 1 times. */
export const contextBounded: PlanCheck = (trial, outcome) => {
  const { summaryEverySteps, retriesMax } = DEFAULT_PLAN_SETTINGS;
  const bound = SUMMARY_CHARS_MAX + summaryEverySteps * (retriesMax + 1) * trial.workload.tools.outputChars;
  const peak = outcome.observation.metrics['context_peak_chars'] ?? 0;
  return peak > bound
    ? { kind: 'context-growth', message: `the context reached ${peak} characters, over its bound of ${bound}` }
    : undefined;
};
