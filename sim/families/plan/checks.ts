import type { Checkpoint } from '../../../protocols/plan/types.js';
import type { JudgedRun } from '../../engine/family.js';
import type { Violation } from '../../engine/verdict.js';
import { DEFAULT_PLAN_SETTINGS, writeIntentions, type PlanWorkload } from './workload.js';

/** Verdict kinds of the plan family, as its checkers group them. */
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

export type PlanViolation = Violation<PlanViolationKind>;

/** A check over what a finished case left behind: its observation and how its run ended. */
export type PlanRunCheck = (trial: { workload: PlanWorkload }, outcome: JudgedRun) => PlanViolation | undefined;

interface CallRow {
  life: number;
  request_key: string;
  outcome: string;
  duration_ms: number | null;
}

export function finalCheckpoint(outcome: JudgedRun): Checkpoint | undefined {
  return outcome.state['checkpoint']?.['checkpoint']?.[0] as Checkpoint | undefined;
}

export function calls(outcome: JudgedRun): CallRow[] {
  return (outcome.state['tool-server']?.['calls'] ?? []) as unknown as CallRow[];
}

/** The step a call was for: the oracle tag's first part (`<step>`, `<step>:<file>`, `<step>:gate`). */
export function stepOfIntention(intention: unknown): string {
  return String(intention).split(':')[0] ?? '';
}

/** The run itself ended normally: a protocol that throws, or never completes a life, is a violation, not a pass. */
export const ranToEnd: PlanRunCheck = (_trial, outcome) => {
  if (outcome.end.kind === 'error') return { kind: 'error', message: `the run failed: ${outcome.end.message}` };
  if (outcome.end.kind === 'lives-exhausted') return { kind: 'stuck', message: `no life completed within ${outcome.end.livesMax} lives` };
  return undefined;
};

/** Every planned write has N <= 1, and every write step the checkpoint calls done has N = 1. */
export const writesOnce: PlanRunCheck = (trial, outcome) => {
  const { effects } = outcome;
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
export const withinBudget: PlanRunCheck = (trial, outcome) => {
  const used = outcome.metrics['calls'] ?? 0;
  if (used > trial.workload.plan.budget_calls)
    return { kind: 'over-budget', message: `${used} calls against a budget of ${trial.workload.plan.budget_calls}` };
  const attemptsMax = DEFAULT_PLAN_SETTINGS.retriesMax + 1;
  const over = finalCheckpoint(outcome)?.steps.find((step) => step.attempts > attemptsMax);
  if (over) return { kind: 'unbounded', message: `step ${over.id} attempted ${over.attempts} times, more than ${attemptsMax}` };
  return undefined;
};

/** No step is done whose gate did not pass on the tool server. */
export const gatesPassed: PlanRunCheck = (_trial, outcome) => {
  const skipped = outcome.metrics['advanced_on_failing_gate'] ?? 0;
  return skipped > 0 ? { kind: 'gate-skipped', message: `${skipped} step(s) advanced without their gate passing` } : undefined;
};

/**
 * No call inside a Retry-After window the loop had written down. A call
 * inside a window is itself answered 429 (the window lasts until a token is
 * back), so a loop that called inside one only because the 429 announcing it
 * died with its process has recorded fewer 429s than the server sent; one
 * that recorded every 429 it was sent and still called inside a window
 * forgot a back-off it had on disk (or never kept it there).
 */
export const backoffKept: PlanRunCheck = (_trial, outcome) => {
  const inWindow = outcome.metrics['calls_in_window'] ?? 0;
  const sent = outcome.metrics['rate_limited'] ?? 0;
  const recorded = outcome.metrics['rate_limited_recorded'] ?? 0;
  if (inWindow === 0 || recorded < sent) return undefined;
  return {
    kind: 'in-window',
    message: `${inWindow} call(s) inside a Retry-After window, though the loop recorded all ${sent} 429(s) it was sent`,
  };
};

/** The family's judge, as exploration and kill-mode agreement use it: the first violation of the checks above, or none. */
export function judgePlan(workload: PlanWorkload, outcome: JudgedRun): PlanViolation | undefined {
  for (const check of [ranToEnd, writesOnce, withinBudget, gatesPassed, backoffKept]) {
    const violation = check({ workload }, outcome);
    if (violation) return violation;
  }
  return undefined;
}
