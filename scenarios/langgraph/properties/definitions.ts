import type { LangGraphProtocol } from '../../../protocols/langgraph/types.js';
import { faultFreeEnd, sameAsFaultFree } from '../../../sim/check/fault-free-oracle.js';
import type { PropertyDefinition } from '../../../sim/check/suite.js';
import type { FamilyProtocol } from '../../../sim/engine/family.js';
import type { Violation } from '../../../sim/engine/verdict.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { langgraphTrialArbitrary, type LangGraphBounds } from './arbitraries.js';
import type { LangGraphFault } from './tally.js';
import { ownCalls, type LangGraphTrial } from './trial.js';

/**
 * Each tool call takes effect at most as often as the model asked for it,
 * and a crash changes nothing: N per intention is the fault-free run's. What
 * the fault-free run does is the graph's own choice (a rejected approval
 * sends nothing); a crash, a resume or a re-run that adds or loses an effect
 * is the defect.
 */
export function effectsOnce(_trial: LangGraphTrial, outcome: FamilyOutcome): Violation | undefined {
  if (outcome.end.kind === 'error') return { kind: 'error', message: outcome.end.message };
  if (faultFreeEnd(outcome)?.kind !== 'completed') return { kind: 'error', message: 'the fault-free run of this script did not complete' };
  return sameAsFaultFree(outcome);
}

/** What every graph must fire, whatever it does with interrupts: crashes (in recovery too), a model that stops, a repeated call. */
const ANY_GRAPH: readonly LangGraphFault[] = ['crashes', 'crashesInRecovery', 'earlyStops', 'repeatedCalls'];

/** The generated trials; on a user's module, its own case's tool calls in place of the examples' send_email. */
const trials = (bounds: LangGraphBounds, protocol: string, given?: FamilyProtocol) =>
  langgraphTrialArbitrary(protocol, bounds, ownCalls(given as LangGraphProtocol | undefined));

export const LANGGRAPH_PROPERTIES: readonly PropertyDefinition<LangGraphTrial, LangGraphBounds, LangGraphFault>[] = [
  {
    name: 'effects-once',
    title: 'each tool call takes effect as often as the model asked and the fault-free run did: crashes and resumes add and lose none',
    expect: 'hold',
    protocol: 'tool-node-key-from-task',
    trials,
    check: effectsOnce,
    mustFire: ANY_GRAPH,
  },
  {
    name: 'control-tool-node-without-key',
    title: "negative control: a ToolNode's plain API call re-run after a crash must be caught sending twice",
    expect: 'find',
    protocol: 'tool-node-without-key',
    trials,
    check: effectsOnce,
    mustFire: [],
  },
  {
    name: 'control-notify-then-approve',
    title: 'negative control: an email sent before interrupt() must be caught going out again at the resume',
    expect: 'find',
    protocol: 'notify-then-approve',
    trials,
    check: effectsOnce,
    mustFire: [],
  },
];
