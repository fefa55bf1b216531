import fc from 'fast-check';
import type { ModelAction } from '../../../protocols/handover/types.js';
import { DEFAULT_GRAPH } from '../../../sim/families/handover/graph.js';
import {
  DEFAULT_HANDOVER_SETTINGS,
  type ConversationScript,
  type PolicyChoice,
  type ScriptedEvent,
} from '../../../sim/families/handover/workload.js';
import type { HandoverTrial } from './trial.js';

/** The limits of a generated trial. */
export interface HandoverBounds {
  conversationsMax: number;
  eventsMax: number;
  crashesMax: number;
  dropsMax: number;
  workersMax: number;
}

export const DEFAULT_HANDOVER_BOUNDS: HandoverBounds = { conversationsMax: 2, eventsMax: 5, crashesMax: 3, dropsMax: 2, workersMax: 2 };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What users write: plain questions, bookings, asking for a person directly or indirectly, urgency, leaving scope midway. */
export const USER_TEXTS = [
  'What are your opening hours?',
  'Can I book an appointment for monday?',
  'Please move my appointment to friday.',
  'I want to talk to a nurse.',
  'This is not helping, is there someone real?',
  'I have chest pain.',
  'Actually, a different question: where do I park?',
  'Thanks, that is all.',
] as const;

/** Gaps between a conversation's events: the same moment (concurrent delivery), minutes, an hour, past the 24-hour window. */
const GAPS_MS = [0, MINUTE_MS, 10 * MINUTE_MS, HOUR_MS, 25 * HOUR_MS] as const;

const eventArb: fc.Arbitrary<{ gapMs: number; event: Omit<ScriptedEvent, 'atMs'> }> = fc.record({
  gapMs: fc.constantFrom(...GAPS_MS),
  event: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...USER_TEXTS).map((text) => ({ kind: 'user' as const, text })) },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'operator-return' as const, messages: ['Nurse: I have answered you; back to the assistant.'] }),
    },
  ),
});

export function conversationsArb(bounds: HandoverBounds): fc.Arbitrary<ConversationScript[]> {
  const conversation = (index: number) =>
    fc
      .record({
        startMs: fc.constantFrom(9 * HOUR_MS, 19 * HOUR_MS + 30 * MINUTE_MS, 23 * HOUR_MS),
        first: fc.constantFrom(...USER_TEXTS),
        rest: fc.array(eventArb, { maxLength: bounds.eventsMax - 1 }),
      })
      .map(({ startMs, first, rest }): ConversationScript => {
        let atMs = startMs;
        const events: ScriptedEvent[] = [{ atMs, kind: 'user', text: first }];
        for (const { gapMs, event } of rest) {
          atMs += gapMs;
          events.push({ ...event, atMs } as ScriptedEvent);
        }
        return { id: `c${index + 1}`, tenant: index % 2 === 0 ? 'clinicA' : 'clinicB', events };
      });
  return fc
    .integer({ min: 1, max: bounds.conversationsMax })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => conversation(index))));
}

/** Every name a model might produce: the graph's nodes, and names it does not have. */
const TARGETS = ['router', 'appointments', 'information', 'human_nurse', 'billing', 'human_doctor'] as const;
const REASONS = ['out_of_scope', 'user_requested_human', 'unsafe_to_continue', 'tool_failure', 'because'] as const;

/**
 * The model as an adversary: transfers to any name, with any reason, with
 * fields missing or extra; ping-pong between agents; unknown tools; bookings
 * with bad arguments; empty tool calls; and a reply now and then.
 */
export const adversaryActionArb: fc.Arbitrary<ModelAction> = fc.oneof(
  fc.constant<ModelAction>({ type: 'reply', text: 'Here is my answer.' }),
  fc.record({ target: fc.constantFrom(...TARGETS), reason: fc.constantFrom(...REASONS) }).map(({ target, reason }): ModelAction => ({
    type: 'tool-calls',
    calls: [{ name: 'transfer', arguments: { target, reason, summary: `to ${target}` } }],
  })),
  fc.constantFrom<ModelAction>(
    { type: 'tool-calls', calls: [{ name: 'transfer', arguments: { target: 'appointments', reason: 'out_of_scope' } }] },
    {
      type: 'tool-calls',
      calls: [{ name: 'transfer', arguments: { target: 'router', reason: 'out_of_scope', summary: 'x', priority: 'high' } }],
    },
    { type: 'tool-calls', calls: [{ name: 'transfer', arguments: 'human_nurse' }] },
    { type: 'tool-calls', calls: [{ name: 'book_appointment', arguments: { slot: 'monday' } }] },
    { type: 'tool-calls', calls: [{ name: 'book_appointment', arguments: { day: 'monday' } }] },
    { type: 'tool-calls', calls: [{ name: 'delete_records', arguments: {} }] },
    { type: 'tool-calls', calls: [] },
  ),
);

/** Ping-pong: two agents that keep transferring to each other (and never stop). */
export const PING_PONG: ModelAction[] = [
  {
    type: 'tool-calls',
    calls: [{ name: 'transfer', arguments: { target: 'appointments', reason: 'out_of_scope', summary: 'for appointments' } }],
  },
  {
    type: 'tool-calls',
    calls: [{ name: 'transfer', arguments: { target: 'router', reason: 'out_of_scope', summary: 'back to the router' } }],
  },
];

export const policyArb: fc.Arbitrary<PolicyChoice> = fc.oneof(
  fc.constant<PolicyChoice>({ kind: 'reference' }),
  fc.array(adversaryActionArb, { minLength: 1, maxLength: 6 }).map((actions): PolicyChoice => ({ kind: 'scripted', actions })),
  fc.constant<PolicyChoice>({ kind: 'scripted', actions: PING_PONG }),
);

export function trialArb(
  protocol: string,
  bounds: HandoverBounds,
  policy: fc.Arbitrary<PolicyChoice> = policyArb,
): fc.Arbitrary<HandoverTrial> {
  return fc.record({
    protocol: fc.constant(protocol),
    workload: fc.record({ graph: fc.constant(DEFAULT_GRAPH), policy, conversations: conversationsArb(bounds) }),
    workers: fc.integer({ min: 1, max: bounds.workersMax }),
    crashAtHit: fc.array(fc.integer({ min: 1, max: 24 }), { maxLength: bounds.crashesMax }),
    faults: fc.record({
      unavailable: fc.constant([]),
      dropReplies: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: bounds.dropsMax }),
    }),
    settings: fc.constant(DEFAULT_HANDOVER_SETTINGS),
  });
}
