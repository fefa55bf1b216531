/**
 * How one case (or one run) called a user's own model (`--policy`): how many calls the
 * harness made and how many the policy answered (a valid ModelAction in
 * time), and the guardrail log's reason for its first failed call. Each
 * unanswered call (it threw, timed out, or answered 42) left that decision to
 * the harness's fallback: what the case measured there is the harness, not
 * the policy, so the case cannot be judged as the policy's.
 */
export interface PolicyCalls {
  asked: number;
  answered: number;
  /** The guardrail log's reason for the first failed call. */
  firstError?: string;
}

/** The same over every cell of a table. */
export interface PolicyExercise {
  file: string;
  name: string;
  modelCalls: number;
  answered: number;
  /** The guardrail log's reason for the first failed call, in cell order. */
  firstError?: string;
  /** Cells with a call the policy did not answer: each is unknown, and so is the run's verdict. */
  unansweredCases: number;
  /** True when the policy answered every call it was asked (or was never asked): the table measured the policy throughout. */
  exercised: boolean;
}

/** Whether a case (or run) left a call of the policy unanswered. A harness of the user's own that keeps no model_calls log asked none. */
export function unanswered(calls: PolicyCalls): boolean {
  return calls.answered < calls.asked;
}

export function policyExercise(cases: readonly PolicyCalls[], file: string, name: string): PolicyExercise {
  const modelCalls = cases.reduce((sum, calls) => sum + calls.asked, 0);
  const answered = cases.reduce((sum, calls) => sum + calls.answered, 0);
  const firstError = cases.find((calls) => calls.firstError !== undefined)?.firstError;
  const unansweredCases = cases.filter(unanswered).length;
  return {
    file,
    name,
    modelCalls,
    answered,
    ...(firstError === undefined ? {} : { firstError }),
    unansweredCases,
    exercised: unansweredCases === 0,
  };
}

/**
 * The one line a table (or a property of `sim check`) prints when its policy
 * left calls unanswered; undefined when it answered every one. What is said
 * to measure the harness is the table (or its unknown cases), or the
 * property that held.
 */
export function unexercisedPolicyLine(
  policy: (Pick<PolicyExercise, 'file' | 'name' | 'modelCalls' | 'answered' | 'firstError'> & { unansweredCases?: number }) | undefined,
  of: 'table' | 'property' = 'table',
): string | undefined {
  if (!policy || policy.answered >= policy.modelCalls) return undefined;
  const first = policy.firstError ? ` (first: ${policy.firstError})` : '';
  const head = `policy '${policy.name}' (${policy.file})`;
  if (policy.answered === 0) {
    const calls = policy.modelCalls === 1 ? 'its one call' : `all ${policy.modelCalls} of its calls`;
    return (
      `${head} failed on ${calls}${first}: ` +
      `every handover here is the harness fallback, so this ${of === 'table' ? 'table measures' : 'property held for'} the harness, not the policy.`
    );
  }
  const cases = policy.unansweredCases ?? 0;
  return (
    `${head} answered ${policy.answered} of its ${policy.modelCalls} calls${first}: ` +
    (of === 'table'
      ? `the harness fallback decided where it did not, so ${cases === 1 ? 'the case' : `the ${cases} cases`} with an unanswered call ${cases === 1 ? 'is' : 'are'} unknown.`
      : 'the harness fallback decided where it did not, so this property held partly for the harness, not the policy.')
  );
}
