import type { TableRows } from '../../engine/family.js';
import type { PolicyCalls } from '../../engine/policy-exercise.js';

const FAILED_CALL_CHECKS = ['model-down', 'model-timeout'];

/** The guardrail log's reason for its first failed model call (the policy threw, timed out, or answered garbage). */
export function firstModelFailure(guardrailLog: unknown): string | undefined {
  const log = (guardrailLog ?? []) as { layer?: string; check_name?: string; reason?: string }[];
  return log.find((row) => row.layer === 'model' && FAILED_CALL_CHECKS.includes(row.check_name ?? ''))?.reason;
}

/** One case's calls of the user's model, from its metrics (the model_calls log) and its guardrail log. */
export function policyCalls(result: {
  metrics: Readonly<Record<string, number>>;
  localState: Readonly<Record<string, TableRows>>;
}): PolicyCalls {
  const firstError = firstModelFailure(result.localState.guardrail_log);
  return {
    asked: result.metrics.modelCalls ?? 0,
    answered: result.metrics.modelCallsAnswered ?? 0,
    ...(firstError === undefined ? {} : { firstError }),
  };
}
