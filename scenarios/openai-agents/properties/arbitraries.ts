import fc from 'fast-check';
import { crashesByLife } from '../../../sim/check/crashes-by-life.js';
import { EFFECTS_RECEIVER, HUMAN_QUEUE } from '../../../sim/families/openai-agents/receivers.js';
import { STATE_CUTS } from '../../../sim/families/openai-agents/state-store.js';
import { RUN_CUTS } from '../../../sim/families/openai-agents/world.js';
import type { Approval } from '../../../sim/families/openai-agents/workload.js';
import type { ScriptedTurn } from '../../../protocols/openai-agents/types.js';
import { GENERATED_REFUNDS, PERSON_HANDOFF, UNLISTED_HANDOFF } from './generated-calls.js';
import type { OpenAIAgentsTrial } from './trial.js';

/** Every boundary of the family a crash may fall on: both receivers' lost replies, each side of a save, an approval, a handoff. */
export const OPENAI_AGENTS_CRASH_CUTS = [
  EFFECTS_RECEIVER.appliedCut,
  HUMAN_QUEUE.appliedCut,
  STATE_CUTS.save,
  STATE_CUTS.saved,
  RUN_CUTS.approvalDecided,
  RUN_CUTS.handedOver,
];

export interface OpenAIAgentsBounds {
  /** Answers of the model that call tools, at most, before the one that ends the script. */
  toolTurnsMax: number;
  livesMax: number;
}

export const DEFAULT_OPENAI_AGENTS_BOUNDS: OpenAIAgentsBounds = { toolTurnsMax: 2, livesMax: 3 };

const refund = fc.constantFrom(...GENERATED_REFUNDS).map((args) => ({ name: 'refund_order', args: { ...args } }));

/** One answer of the model that calls one or two refunds, in either order, repeated or not. */
const toolTurn: fc.Arbitrary<ScriptedTurn> = fc.array(refund, { minLength: 1, maxLength: 2 }).map((calls) => ({ calls }));

/** How the model ends: an answer, a handover to a person after its calls or amid them, or a handoff to an agent not listed. */
const ENDINGS = ['answer', 'handover', 'handover amid calls', 'unlisted handoff'] as const;
export type Ending = (typeof ENDINGS)[number];

function ended(turns: readonly ScriptedTurn[], ending: Ending): ScriptedTurn[] {
  const last = turns.at(-1);
  switch (ending) {
    case 'answer':
      return [...turns, { text: 'Done.' }];
    case 'handover':
      return [...turns, { handoff: { ...PERSON_HANDOFF } }, { text: 'A person from our team takes it from here.' }];
    case 'handover amid calls':
      // The model hands over in the same answer as its last calls: before they are approved and done.
      return last
        ? [...turns.slice(0, -1), { ...last, handoff: { ...PERSON_HANDOFF } }, { text: 'A person from our team takes it from here.' }]
        : ended(turns, 'handover');
    case 'unlisted handoff':
      return [...turns, { handoff: { ...UNLISTED_HANDOFF } }, { text: 'The refunds team takes it from here.' }];
  }
}

/**
 * The scripted model as an adversary: up to `toolTurnsMax` answers that call
 * refunds (often one it already asked for), then an ending.
 */
export function scriptArbitrary(bounds: OpenAIAgentsBounds): fc.Arbitrary<ScriptedTurn[]> {
  return fc
    .tuple(fc.array(toolTurn, { maxLength: bounds.toolTurnsMax }), fc.constantFrom(...ENDINGS))
    .map(([turns, ending]) => ended(turns, ending));
}

/** A trial of `protocol`: a script, the person's answer to every approval, and crashes at the family's boundaries in any life. */
export function openaiAgentsTrialArbitrary(protocol: string, bounds: OpenAIAgentsBounds): fc.Arbitrary<OpenAIAgentsTrial> {
  const crash = fc.record({
    cut: fc.constantFrom(...OPENAI_AGENTS_CRASH_CUTS),
    // A run reaches a boundary a few times a life (once per call, per save, per approval), and a recovery often only once.
    nth: fc.oneof({ arbitrary: fc.constant(1), weight: 3 }, { arbitrary: fc.integer({ min: 2, max: 3 }), weight: 1 }),
  });
  return fc.record({
    protocol: fc.constant(protocol),
    script: scriptArbitrary(bounds),
    approval: fc.constantFrom<Approval>('granted', 'rejected', 'never given'),
    crashes: crashesByLife(crash, bounds.livesMax),
  });
}
