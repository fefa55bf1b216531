import { noReceipt } from '../receivers/no-receipt.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';

/**
 * The same loop against a write tool that ignores the idempotency key (MCP
 * has no transactions): a step redone after its write was applied writes
 * again (N=2) unless its checkpoint had already committed.
 */
export const toolWithoutKey = planLoop({
  name: 'tool-without-key',
  summary: 'checkpoint-after-step against a write tool that ignores the idempotency key',
  toolContract: noReceipt,
  seams: CORRECT_SEAMS,
});
