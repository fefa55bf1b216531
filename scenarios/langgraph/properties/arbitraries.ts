import fc from 'fast-check';
import { crashesByLife } from '../../../sim/check/crashes-by-life.js';
import { SAVER_CUTS } from '../../../sim/families/langgraph/cut-saver.js';
import { EFFECTS_RECEIVER } from '../../../sim/families/langgraph/effects-receiver.js';
import type { ScriptedTurn } from '../../../sim/families/langgraph/scripted-model.js';
import type { ScriptedCall } from '../../../protocols/langgraph/types.js';
import { GENERATED_RECIPIENTS, GENERATED_SUBJECTS, generatedCall } from './generated-calls.js';
import type { LangGraphTrial } from './trial.js';

/** Every boundary of the family a crash may fall on: the effect's lost reply and each side of both checkpointer writes. */
export const LANGGRAPH_CRASH_CUTS = [EFFECTS_RECEIVER.appliedCut, ...Object.values(SAVER_CUTS)];

export interface LangGraphBounds {
  /** Turns of the model that call a tool, at most; the script ends with an answer that calls none. */
  toolTurnsMax: number;
  livesMax: number;
}

export const DEFAULT_LANGGRAPH_BOUNDS: LangGraphBounds = { toolTurnsMax: 3, livesMax: 3 };

/** Few recipients and subjects, so that the model often asks for a call it already made: a repeated tool call. */
const mail = fc.record({
  to: fc.constantFrom(...GENERATED_RECIPIENTS),
  subject: fc.constantFrom(...GENERATED_SUBJECTS),
});

/** The model's turn `turn`: one or two calls (send_email, or the module's `own`), each with the fresh id a real model gives. */
const toolTurn = (turn: number, own: readonly ScriptedCall[]): fc.Arbitrary<ScriptedTurn> =>
  fc.array(mail, { minLength: 1, maxLength: 2 }).map((mails) => ({
    content: '',
    toolCalls: mails.map((drawn, index) => ({ id: `call_${turn}_${index}`, ...generatedCall(drawn, own) })),
  }));

/**
 * The scripted model as an adversary: it stops at once (no tool call), or
 * calls tools in up to `toolTurnsMax` turns, each after the graph's last
 * node (after an interrupt's resume, in a graph that asks for approval),
 * often repeating a call; a human approves or rejects at every interrupt.
 */
export function scriptArbitrary(bounds: LangGraphBounds, own: readonly ScriptedCall[] = []): fc.Arbitrary<readonly ScriptedTurn[]> {
  return fc
    .integer({ min: 0, max: bounds.toolTurnsMax })
    .chain((turns) => fc.tuple(...Array.from({ length: turns }, (_, turn) => toolTurn(turn, own))))
    .map((turns) => [...turns, { content: 'done' }]);
}

/**
 * A trial of `protocol`: a script, the human's answer, and crashes at the
 * family's boundaries in any life, recovery included. The script calls the
 * tools of the module's own case (`own`, its calls) when it brings one, so
 * a counterexample names the module's calls.
 */
export function langgraphTrialArbitrary(protocol: string, bounds: LangGraphBounds, own: readonly ScriptedCall[] = []): fc.Arbitrary<LangGraphTrial> {
  const crash = fc.record({
    cut: fc.constantFrom(...LANGGRAPH_CRASH_CUTS),
    // A graph reaches each boundary a few times a life: once per step, or once per task.
    nth: fc.integer({ min: 1, max: 4 }),
  });
  return fc.record({
    protocol: fc.constant(protocol),
    script: scriptArbitrary(bounds, own),
    answer: fc.constantFrom<'approve' | 'reject'>('approve', 'reject'),
    crashes: crashesByLife(crash, bounds.livesMax),
  });
}
