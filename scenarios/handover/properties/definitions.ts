import fc from 'fast-check';
import type { PolicyChoice } from '../../../sim/families/handover/workload.js';
import { PING_PONG, policyArb, trialArb, type HandoverBounds } from './arbitraries.js';
import {
  answeredAfterReturn,
  boundedLoop,
  everyEventHandled,
  handoverExactlyOnce,
  toolActsOnce,
  ranToEnd,
  silentWhileWithHuman,
  staysInGraph,
  toActiveAgent,
  withinCap,
  withinWindow,
  firstViolation,
  type HandoverCheck,
  type HandoverViolation,
  type JudgedHandover,
} from '../../../sim/families/handover/checks.js';
import type { TallyKind } from './tally.js';
import type { HandoverTrial } from './trial.js';

/**
 * A named property of the handover family, in the shape of
 * scenarios/properties/property.ts. `hold`: every generated run of the
 * protocol satisfies `checks`. `find`: a negative control on a flawed
 * variant; fast-check must find a counterexample.
 */
export interface HandoverProperty {
  name: string;
  title: string;
  expect: 'hold' | 'find';
  protocol: string;
  trials(bounds: HandoverBounds, protocol: string): fc.Arbitrary<HandoverTrial>;
  checks: readonly HandoverCheck[];
  /** What must fire across the runs, or passing proves nothing. */
  mustFire: readonly TallyKind[];
}

export function violationOf(property: HandoverProperty, trial: HandoverTrial, outcome: JudgedHandover): HandoverViolation | undefined {
  return firstViolation(trial.workload, outcome, property.checks);
}

const reference: fc.Arbitrary<PolicyChoice> = fc.constant({ kind: 'reference' });
const pingPong: fc.Arbitrary<PolicyChoice> = fc.constant({ kind: 'scripted', actions: PING_PONG });

export const HANDOVER_PROPERTIES: readonly HandoverProperty[] = [
  {
    name: 'handover-once',
    title:
      "each handover has exactly one ticket; the user is notified exactly once, only after the ticket exists; each call of the graph's own acting tools acts at most once; every event handled once faults stop",
    expect: 'hold',
    protocol: 'reference-harness',
    trials: (bounds, protocol) => trialArb(protocol, bounds),
    checks: [ranToEnd, everyEventHandled, handoverExactlyOnce, toolActsOnce],
    mustFire: ['crashes', 'crashesInRecovery', 'lostReplies', 'concurrentDeliveries', 'handovers', 'replays'],
  },
  {
    name: 'harness-rules',
    title:
      'transfers within the cap across lives; none leaves the graph, none invalid executed; the loop ends within max_steps; the 24-hour window',
    expect: 'hold',
    protocol: 'reference-harness',
    trials: (bounds, protocol) => trialArb(protocol, bounds),
    checks: [ranToEnd, withinCap, staysInGraph, boundedLoop, withinWindow],
    mustFire: ['crashes', 'crashesInRecovery', 'invalidTransfers', 'stepLimits', 'capOverrides', 'templates'],
  },
  {
    name: 'conversation-state',
    title:
      'no agent reply while a person has the conversation; a message after a restart goes to the active agent; answered again after the return',
    expect: 'hold',
    protocol: 'reference-harness',
    trials: (bounds, protocol) => trialArb(protocol, bounds),
    checks: [ranToEnd, silentWhileWithHuman, toActiveAgent, answeredAfterReturn],
    mustFire: ['crashes', 'crashesInRecovery', 'handovers', 'returns', 'concurrentDeliveries'],
  },
  {
    name: 'control-enqueue-without-key',
    title: 'negative control: a ticket enqueued without a key must be caught with two tickets for one handover',
    expect: 'find',
    protocol: 'enqueue-without-key',
    trials: (bounds, protocol) => trialArb(protocol, bounds, reference),
    checks: [handoverExactlyOnce],
    mustFire: [],
  },
  {
    name: 'control-notify-before-ticket',
    title: 'negative control: a notice sent before its ticket must be caught',
    expect: 'find',
    protocol: 'notify-before-ticket',
    trials: (bounds, protocol) => trialArb(protocol, bounds, reference),
    checks: [handoverExactlyOnce],
    mustFire: [],
  },
  {
    name: 'control-count-in-memory',
    title: 'negative control: a transfer count kept in memory must be caught past the cap across restarts',
    expect: 'find',
    protocol: 'count-in-memory',
    trials: (bounds, protocol) => trialArb(protocol, bounds, pingPong),
    checks: [withinCap],
    mustFire: [],
  },
  {
    name: 'control-active-agent-in-memory',
    title: 'negative control: an active agent kept in memory must be caught re-routing a message after a restart',
    expect: 'find',
    protocol: 'active-agent-in-memory',
    trials: (bounds, protocol) => trialArb(protocol, bounds, reference),
    checks: [toActiveAgent],
    mustFire: [],
  },
  {
    name: 'control-answers-after-handover',
    title: 'negative control: an agent that answers after the handover must be caught',
    expect: 'find',
    protocol: 'answers-after-handover',
    trials: (bounds, protocol) => trialArb(protocol, bounds, policyArb),
    checks: [silentWhileWithHuman],
    mustFire: [],
  },
  {
    name: 'control-reset-forgotten',
    title: 'negative control: a handover state not reset on return must be caught leaving the user unanswered',
    expect: 'find',
    protocol: 'reset-forgotten',
    trials: (bounds, protocol) => trialArb(protocol, bounds, reference),
    checks: [answeredAfterReturn],
    mustFire: [],
  },
];

export function findHandoverProperty(name: string): HandoverProperty | undefined {
  return HANDOVER_PROPERTIES.find((property) => property.name === name);
}
