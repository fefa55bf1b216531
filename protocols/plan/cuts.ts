import type { CutInfo } from '../../sim/engine/family.js';

/** The plan family's classic cuts of one step, in the order a step reaches them: the table's columns. */
export const PLAN_CUTS: readonly CutInfo[] = [
  { name: 'before-step', meaning: 'the loop is at the step, nothing of it done yet' },
  { name: 'tool-applied', meaning: 'the tool server committed the call, the reply is lost' },
  { name: 'tool-replied', meaning: 'the loop has the reply, the gate has not run' },
  { name: 'gate-checked', meaning: 'the gate has run, the checkpoint is not written' },
  { name: 'checkpoint-written', meaning: 'the new checkpoint is on disk as a temporary file, not yet renamed over the old one' },
  { name: 'checkpoint-committed', meaning: 'the checkpoint marking the step done is in place' },
];

/**
 * The loop's other boundaries, reached by properties and exploration (every
 * one is a place a real crash can fall): a new checkpoint created, a call
 * counted against the budget, a back-off recorded, the loop stopped for a person.
 */
export const PLAN_BOOKKEEPING_CUTS = ['checkpoint-created', 'call-counted', 'backoff-recorded', 'loop-stopped'] as const;
