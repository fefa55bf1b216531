import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * gate-as-opinion: the gate always passes, as a model judging its own work
 * would ("il verificatore non è un secondo parere"). A step advances with a
 * failing build, or with a search that found nothing.
 */
export const gateAsOpinion = planLoop({
  name: 'gate-as-opinion',
  summary: 'the gate always passes: no command is run, no count is checked',
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, gate: async () => true },
});
