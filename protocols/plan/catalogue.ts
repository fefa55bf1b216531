import type { CatalogueEntry } from '../../sim/engine/family.js';
import { backoffInMemory } from './backoff-in-memory.js';
import { budgetInMemory } from './budget-in-memory.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { checkpointInPlace } from './checkpoint-in-place.js';
import { checkpointLease } from './checkpoint-lease.js';
import { gateAsOpinion } from './gate-as-opinion.js';
import { markDoneFirst } from './mark-done-first.js';
import { noSummary } from './no-summary.js';
import { toolWithoutKey } from './tool-without-key.js';
import type { PlanProtocol } from './types.js';

/** The plan family's built-in protocols: the seed's loop, and the ways of getting it wrong, each in its own file. */
export const PLAN_PROTOCOLS: readonly CatalogueEntry<PlanProtocol>[] = [
  { protocol: checkpointAfterStep, status: 'correct' },
  { protocol: toolWithoutKey, status: 'flawed' },
  { protocol: markDoneFirst, status: 'flawed' },
  { protocol: checkpointInPlace, status: 'flawed' },
  { protocol: budgetInMemory, status: 'flawed' },
  { protocol: backoffInMemory, status: 'flawed' },
  { protocol: gateAsOpinion, status: 'flawed' },
  { protocol: noSummary, status: 'flawed' },
  { protocol: checkpointLease, status: 'repaired' },
];
