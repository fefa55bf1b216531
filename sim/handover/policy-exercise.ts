import type { CaseResult } from '../engine/run-case.js';

/**
 * Whether a table measured a user's --policy at all: how many times the
 * harness called it and how many of those calls it answered (a valid
 * ModelAction in time), over every cell, and the first failure the
 * guardrail log holds. A policy that failed on every call (it threw, timed
 * out, or answered 42) left every handover to the harness's fallback: the
 * table then measures the harness, not the policy.
 */
export interface PolicyExercise {
  file: string;
  name: string;
  modelCalls: number;
  answered: number;
  /** The guardrail log's reason for the first failed call, in cell order. */
  firstError?: string;
  /** False when the harness called the policy and it never answered: the run's verdict is then `error`. */
  exercised: boolean;
}

const FAILED_CALL_CHECKS = ['model-down', 'model-timeout'];

/** The guardrail log's reason for its first failed model call (the policy threw, timed out, or answered garbage). */
export function firstModelFailure(guardrailLog: unknown): string | undefined {
  const log = (guardrailLog ?? []) as { layer?: string; check_name?: string; reason?: string }[];
  return log.find((row) => row.layer === 'model' && FAILED_CALL_CHECKS.includes(row.check_name ?? ''))?.reason;
}

export function policyExercise(cases: readonly Pick<CaseResult, 'metrics' | 'localState'>[], file: string, name: string): PolicyExercise {
  let modelCalls = 0;
  let answered = 0;
  let firstError: string | undefined;
  for (const result of cases) {
    modelCalls += result.metrics.modelCalls ?? 0;
    answered += result.metrics.modelCallsAnswered ?? 0;
    firstError ??= firstModelFailure(result.localState.guardrail_log);
  }
  // A harness of the user's own that keeps no model_calls log cannot be judged this way: zero calls is not a failure.
  return {
    file,
    name,
    modelCalls,
    answered,
    ...(firstError === undefined ? {} : { firstError }),
    exercised: modelCalls === 0 || answered > 0,
  };
}

/**
 * The one line a table (or a property of `sim check`) prints when its policy was never exercised; undefined when it
 * was. What is said to measure the harness is the table, or the property that held.
 */
export function unexercisedPolicyLine(policy: PolicyExercise | undefined, of: 'table' | 'property' = 'table'): string | undefined {
  if (!policy || policy.exercised) return undefined;
  const first = policy.firstError ? ` (first: ${policy.firstError})` : '';
  const calls = policy.modelCalls === 1 ? 'its one call' : `all ${policy.modelCalls} of its calls`;
  return (
    `policy '${policy.name}' (${policy.file}) failed on ${calls}${first}: ` +
    `every handover here is the harness fallback, so this ${of === 'table' ? 'table measures' : 'property held for'} the harness, not the policy.`
  );
}
