import type { OutputCheck } from '../output-checks.js';

/**
 * The negative control for the layer after the model: no output checks, so
 * whatever the model writes reaches the user, an outcome the rules never
 * gave ("This may be urgent: call 112 now.") included.
 */
export const UNCHECKED_OUTPUT: readonly OutputCheck[] = [];
