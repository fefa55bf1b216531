import { FAULT_FREE, faultFreeEnd, sameAsFaultFree } from '../../../sim/check/fault-free-oracle.js';
import type { PropertyDefinition } from '../../../sim/check/suite.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import type { Violation } from '../../../sim/engine/verdict.js';
import { handoverIntention, TABLE_WORKLOAD } from '../../../sim/families/openai-agents/workload.js';
import { openaiAgentsTrialArbitrary, type OpenAIAgentsBounds } from './arbitraries.js';
import { UNLISTED_HANDOFF } from './generated-calls.js';
import { faultFreeFinished, handoversOf, intentionCounts } from './counts.js';
import type { OpenAIAgentsFault } from './tally.js';
import type { OpenAIAgentsTrial } from './trial.js';

/** The SDK's refusal of the generated handoff to an agent nobody lists: the run's end, with or without a crash. */
const REFUSAL = `Tool ${UNLISTED_HANDOFF.to} not found in agent `;

/** Whether the run's end is the fault-free run's: completed, or the SDK's refusal of the unlisted handoff in both. */
function endViolation(outcome: FamilyOutcome): Violation | undefined {
  const faultFree = faultFreeEnd(outcome);
  const refused = faultFree?.kind === 'error' && faultFree.message.startsWith(REFUSAL) ? faultFree.message : undefined;
  if (outcome.end.kind === 'error') return outcome.end.message === refused ? undefined : { kind: 'error', message: outcome.end.message };
  if (refused) return { kind: 'error', message: `the run completed where the same script without a crash ended: ${refused}` };
  if (faultFree?.kind === 'error') return { kind: 'error', message: `the fault-free run of this script failed: ${faultFree.message}` };
  if (faultFree?.kind !== 'completed') return { kind: 'error', message: 'the fault-free run of this script did not complete' };
  return undefined;
}

/**
 * The handover to a person opens one ticket in human-queue.db once the
 * conversation got there (it finished without a crash): a handover the
 * model only announced and never called counts as lost. Where the
 * conversation stops earlier (an approval never given), the fault-free
 * run's tickets are the count a crash must not change.
 */
function ticketsOnce(outcome: FamilyOutcome): Violation | undefined {
  const handovers = handoversOf(outcome);
  const intention = handoverIntention(TABLE_WORKLOAD.conversation);
  const faultFree = outcome.state[FAULT_FREE]?.effects?.find((row) => row.intention === intention);
  const once = Number(faultFree?.n ?? 0);
  const want = handovers.length > 0 && faultFreeFinished(outcome) ? 1 : Math.min(once, 1);
  if (once > want) return { kind: 'duplicate', intention, message: `${intention} opened ${once} tickets without a crash; the model handed over once` };
  const n = intentionCounts(outcome)[intention] ?? 0;
  if (n > want) return { kind: 'duplicate', intention, message: `${intention} opened ${n} tickets; the model handed over once` };
  if (n < want)
    return {
      kind: 'lost',
      intention,
      message: handovers.some((handover) => handover.announced)
        ? `${intention} opened no ticket: the model announced the handover to a person and never called it`
        : `${intention} opened ${n} tickets; ${want} without a crash`,
    };
  return undefined;
}

/**
 * Each tool call takes effect as often as the model asked and the same
 * script's fault-free run did (effects.db), and each handover to a person
 * opens one ticket (human-queue.db): crashes and resumes add and lose none.
 */
export function effectsOnce(_trial: OpenAIAgentsTrial, outcome: FamilyOutcome): Violation | undefined {
  return endViolation(outcome) ?? sameAsFaultFree(outcome, intentionCounts(outcome)) ?? ticketsOnce(outcome);
}

/** What any agents must fire, whatever their tools and handoffs: crashes (in recovery too), a repeated call, a refused handoff. */
const ANY_AGENTS: readonly OpenAIAgentsFault[] = ['crashes', 'crashesInRecovery', 'repeatedCalls', 'unlistedHandoffs'];

const trials = (bounds: OpenAIAgentsBounds, protocol: string) => openaiAgentsTrialArbitrary(protocol, bounds);

const control = (protocol: string, title: string): PropertyDefinition<OpenAIAgentsTrial, OpenAIAgentsBounds, OpenAIAgentsFault> => ({
  name: `control-${protocol}`,
  title: `negative control: ${title}`,
  expect: 'find',
  protocol,
  trials,
  check: effectsOnce,
  mustFire: [],
});

export const OPENAI_AGENTS_PROPERTIES: readonly PropertyDefinition<OpenAIAgentsTrial, OpenAIAgentsBounds, OpenAIAgentsFault>[] = [
  {
    name: 'effects-once',
    title:
      'each tool call takes effect as often as the model asked and the fault-free run did, each handover to a person opens one ticket: crashes and resumes add and lose none',
    expect: 'hold',
    protocol: 'refund-keyed-by-call',
    trials,
    check: effectsOnce,
    mustFire: ANY_AGENTS,
  },
  control('refund-on-approval', 'an approved refund on a plain API, run again by the resume after a crash, must be caught refunding twice'),
  control('ticket-without-key', "a handoff's ticket without a key, opened again by the resume after a crash, must be caught"),
  control('handoff-announced', 'a handover the model announces and never calls must be caught opening no ticket'),
];
