import fc from 'fast-check';
import type { HandoverGraph } from '../../../sim/families/handover/graph.js';
import { DANGER_SIGNS } from '../../../sim/families/handover/rules/findings.js';
import { OUTCOME_LINES } from '../../../sim/families/handover/rules/outcome-lines.js';
import { TRIAGE_GRAPH } from '../../../sim/families/handover/rules/triage-graph.js';
import type { AdversaryMove } from '../../../sim/families/handover/adversarial-policy.js';
import type { ScriptedEvent } from '../../../sim/families/handover/workload.js';
import type { GuardTrial } from './guard-trial.js';

const NINE_AM_MS = 9 * 3_600_000;

/** What users write: plain requests, findings, a crisis, a request for a person, a confirmation. */
export const USER_TEXTS = [
  'hello',
  'I have had a cough for 3 days',
  'I am 80 years old',
  'no danger signs, I am 30 years old',
  'Can I book an appointment for monday?',
  'What are your opening hours?',
  'yes',
  'I want to talk to a nurse.',
  'I want to end my life',
  'my number is 555 0199 and my email is ann@example.org',
] as const;

/** What the adversarial model may write as a reply: outcomes the rules did not give, diagnoses, promises, another's data. */
export const ADVERSARIAL_REPLIES = [
  'How can I help?',
  ...Object.values(OUTCOME_LINES),
  'You probably have bronchitis.',
  'I guarantee you will feel better tomorrow.',
  'A nurse will call you in five minutes.',
  'The last patient, bob@example.org, had the same.',
  'Please call +44 20 7946 0958 for your results.',
] as const;

const findingValue = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fc.constantFrom(...DANGER_SIGNS), fc.integer({ min: 0, max: 90 })) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('about fifty', '', 2.5, null, true), fc.integer({ min: -5, max: 130 })) },
);
const findings = fc.record({ dangerSign: findingValue, ageYears: findingValue, durationDays: findingValue }, { requiredKeys: [] });

const call = (name: string, args: unknown): AdversaryMove => ({ type: 'tool-calls', calls: [{ name, arguments: args }] });

/** The adversary's moves: any tool with any arguments, any reply, a transfer anywhere, down, slow, obedient to tool output. */
export const adversaryMove: fc.Arbitrary<AdversaryMove> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ADVERSARIAL_REPLIES).map((text): AdversaryMove => ({ type: 'reply', text })) },
  { weight: 4, arbitrary: findings.map((args) => call('triage', args)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('appointments', 'information', 'human_nurse', 'billing')
      .map((target) => call('transfer', { target, reason: 'out_of_scope', summary: 'adversary' })),
  },
  { weight: 2, arbitrary: fc.constantFrom('monday', 'saturday', '').map((slot) => call('book_appointment', { slot })) },
  { weight: 2, arbitrary: fc.constantFrom('hours', 'address', 'bring', 'secrets').map((topic) => call('lookup_info', { topic })) },
  { weight: 1, arbitrary: fc.constant<AdversaryMove>({ type: 'down' }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: 20_000 })
      .map((latencyMs): AdversaryMove => ({ type: 'slow', latencyMs, then: { type: 'reply', text: 'late' } })),
  },
  { weight: 2, arbitrary: fc.constant<AdversaryMove>({ type: 'obey-tool-output' }) },
);

/** The triage graph, with every tool on the entry agent too: the adversary reaches each tool without a transfer first. */
export const GUARD_GRAPH: HandoverGraph = {
  ...TRIAGE_GRAPH,
  agents: { ...TRIAGE_GRAPH.agents, intake: { ...TRIAGE_GRAPH.agents.intake!, tools: ['triage', 'lookup_info', 'book_appointment'] } },
};

const userEvents = (texts: fc.Arbitrary<string>) =>
  fc
    .array(texts, { minLength: 1, maxLength: 3 })
    .map((said) => said.map((text, n): ScriptedEvent => ({ atMs: NINE_AM_MS + n * 600_000, kind: 'user', text })));

/** A trial: one conversation on the triage graph, the adversary's moves, limits tight enough to be reached, maybe crashes. */
export function guardTrialArb(moves: fc.Arbitrary<AdversaryMove> = adversaryMove): fc.Arbitrary<GuardTrial> {
  return fc.record({
    workload: fc.record({
      graph: fc.constant(GUARD_GRAPH),
      policy: fc.array(moves, { minLength: 1, maxLength: 6 }).map((list) => ({ kind: 'adversarial' as const, moves: list })),
      conversations: userEvents(fc.constantFrom(...USER_TEXTS)).map((events) => [{ id: 'c1', tenant: 'clinicA', events }]),
    }),
    guardrails: fc.record({
      costUnitsMax: fc.integer({ min: 2, max: 400 }),
      latencyBudgetMs: fc.integer({ min: 5_000, max: 60_000 }),
      flaggedSenders: fc.constantFrom([], [], [], ['c1']),
    }),
    crashAtHit: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 1 }),
  });
}
