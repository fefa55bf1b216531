import { SUMMARY_CHARS_MAX } from '../../../protocols/plan/correct-seams.js';
import type { HistoryEvent } from '../../../sim/engine/history.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { DEFAULT_PLAN_SETTINGS } from '../../../sim/families/plan/workload.js';
import type { PlanTrial } from './trial.js';
import {
  calls,
  finalCheckpoint,
  gatesPassed,
  ranToEnd,
  stepOfIntention,
  withinBudget,
  writesOnce,
  type PlanViolation,
} from '../../../sim/families/plan/checks.js';

export { gatesPassed, ranToEnd, withinBudget, writesOnce, type PlanViolation };

export type PlanCheck = (trial: PlanTrial, outcome: FamilyOutcome) => PlanViolation | undefined;

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
  const peak = outcome.metrics['context_peak_chars'] ?? 0;
  return peak > bound
    ? { kind: 'context-growth', message: `the context reached ${peak} characters, over its bound of ${bound}` }
    : undefined;
};
