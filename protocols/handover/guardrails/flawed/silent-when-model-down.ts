import type { HarnessSeams } from '../../seams.js';

/**
 * The negative control for the fallback: a harness that, when the model is
 * down or too slow, drops the message as handled. Nothing is logged and the
 * user hears nothing: the silence a defined fallback exists to prevent.
 */
export const dropWhenModelDown: HarnessSeams['onModelUnavailable'] = () => 'drop';
