import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * budget-in-memory: calls are counted against the budget in the process
 * only; the checkpoint never carries the count. Each restart starts from
 * zero, so a loop that keeps crashing spends more than budget_calls.
 */
export const budgetInMemory = planLoop({
  name: 'budget-in-memory',
  summary: 'counts calls against the budget in memory only',
  toolContract: atomicReceipt,
  seams: { ...CORRECT_SEAMS, persisted: (checkpoint) => ({ ...checkpoint, calls_used: 0 }) },
});
