import type { CatalogueEntry } from '../../sim/engine/family.js';
import { activeAgentInMemory } from './active-agent-in-memory.js';
import { answersAfterHandover } from './answers-after-handover.js';
import { countInMemory } from './count-in-memory.js';
import { enqueueWithoutKey } from './enqueue-without-key.js';
import { notifyBeforeTicket } from './notify-before-ticket.js';
import { referenceHarness } from './reference-harness.js';
import { resetForgotten } from './reset-forgotten.js';
import type { HandoverProtocol } from './types.js';

/** The handover family's built-in protocols: the seed's reference harness, and the ways of getting it wrong, each in its own file. */
export const HANDOVER_PROTOCOLS: readonly CatalogueEntry<HandoverProtocol>[] = [
  { protocol: referenceHarness, status: 'correct' },
  { protocol: enqueueWithoutKey, status: 'flawed' },
  { protocol: notifyBeforeTicket, status: 'flawed' },
  { protocol: countInMemory, status: 'flawed' },
  { protocol: activeAgentInMemory, status: 'flawed' },
  { protocol: answersAfterHandover, status: 'flawed' },
  { protocol: resetForgotten, status: 'flawed' },
];
