import { INPUT_CHECKS } from '../input-checks.js';
import { inputGuard, type InputGuard } from '../input-guard.js';

const guard = inputGuard(INPUT_CHECKS);

/**
 * The negative control: the same checks, but the model is asked first "to
 * save a round trip" and its answer thrown away when a check triggers. The
 * outcome looks right; the crisis message has still gone to the model.
 */
export const guardAfterModel: InputGuard = (message, flaggedSenders, model, log) => {
  const draft = model(message);
  const turn = guard(message, flaggedSenders, () => draft, log);
  return turn;
};
