import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/** no-summary: every tool output stays in the context; it grows with the plan's length, without bound. */
export const noSummary = planLoop({
  name: 'no-summary',
  summary: 'never summarises: every tool output stays in the context',
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, summarise: (context) => context },
});
