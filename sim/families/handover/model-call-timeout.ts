/**
 * The wall time one call of a user's `--policy` may take before the harness
 * stops waiting and the call is a model timeout (the harness's model-down
 * fallback for that conversation). A real model answers in seconds; a
 * minute is a call that is not coming. `--model-timeout-ms` changes it, with
 * the same name in `sim table`, `sim check` and `sim eval`. A module of its
 * own so that the commands' help can name it without loading the model.
 */
export const MODEL_CALL_TIMEOUT_MS = 60_000;

/** The longest --model-timeout-ms a command takes: an hour, as for --life-timeout-ms. */
export const MODEL_CALL_TIMEOUT_MAX_MS = 3_600_000;

export const MODEL_TIMEOUT_HELP = `with --policy: the wall time one call of your respond() may take; a call still pending after it is a model timeout (the harness hands that conversation over) and the rest go on (default ${MODEL_CALL_TIMEOUT_MS})`;
