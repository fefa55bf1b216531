import type { CatalogueEntry } from '../../sim/engine/family.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { toolWithoutKey } from './tool-without-key.js';
import type { PlanProtocol } from './types.js';

/** The plan family's built-in protocols: the seed's loop, and the ways of getting it wrong, each in its own file. */
export const PLAN_PROTOCOLS: readonly CatalogueEntry<PlanProtocol>[] = [
  { protocol: checkpointAfterStep, status: 'correct' },
  { protocol: toolWithoutKey, status: 'flawed' },
];
