/**
 * How long one call of a user's judge (`sim eval handover --judge`) may take,
 * in wall time, before that handover counts as not judged: a judge may call
 * a remote model, and a minute is a call that is not coming. A module of its
 * own so that the command's help names it without loading the evaluation.
 */
export const JUDGE_TIMEOUT_MS = 60_000;

/** The longest --judge-timeout-ms the command takes: an hour, as for --model-timeout-ms. */
export const JUDGE_TIMEOUT_MAX_MS = 3_600_000;
