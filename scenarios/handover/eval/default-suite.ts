import type { EvalScenario, EvalThresholds } from '../../../sim/families/handover/eval/suite.js';

/**
 * The default suite of `sim eval handover`: the seed's hard cases for the
 * reference policy on the default graph. Users asking for a person
 * indirectly, angry users who do not need one, a request that leaves scope
 * midway, a late request, a crisis. Labels are ours and illustrative, not
 * clinical advice. The keyword policy misses the indirect asks and hands
 * over a user who only mentions a nurse; the thresholds record exactly that,
 * so a change that makes it worse fails.
 */
const SCENARIOS: EvalScenario[] = [
  {
    id: 'asks-explicitly',
    turns: ['I want to speak to a human please'],
    expected: { handover: true, target: 'human_nurse', byTurn: 1, facts: ['speak to a human'] },
  },
  {
    id: 'asks-indirectly-someone-real',
    turns: ['This bot is going in circles. Can I get someone real?'],
    expected: { handover: true, target: 'human_nurse', byTurn: 1, facts: ['someone real'] },
  },
  {
    id: 'asks-indirectly-anyone-at-clinic',
    turns: ['Is there anyone at the clinic I could ask this directly?'],
    expected: { handover: true, target: 'human_nurse', byTurn: 1 },
  },
  {
    id: 'asks-indirectly-worried-relative',
    turns: ['My mum fell this morning and she is not making sense when she talks'],
    expected: { handover: true, target: 'human_nurse', byTurn: 1, facts: ['mum fell'] },
  },
  {
    id: 'angry-opening-hours',
    turns: ['This is ridiculous, your website is useless! What are your opening hours?!'],
    expected: { handover: false },
  },
  {
    id: 'angry-booking',
    turns: ['I am SO annoyed, I have waited all week. Book me an appointment for friday already.'],
    expected: { handover: false },
  },
  {
    id: 'mentions-nurse-without-needing-one',
    turns: ["Is the nurse's office open on saturday?"],
    expected: { handover: false },
  },
  {
    id: 'leaves-scope-midway',
    turns: ['Can I book an appointment for monday?', 'Also my chest pain is getting worse'],
    expected: { handover: true, target: 'human_nurse', byTurn: 2, signalTurn: 2, facts: ['chest pain'] },
  },
  {
    id: 'asks-late-in-conversation',
    turns: ['What are your opening hours?', 'thanks', 'Can I talk to a nurse?'],
    expected: { handover: true, target: 'human_nurse', byTurn: 3, signalTurn: 3, facts: ['talk to a nurse'] },
  },
  {
    id: 'crisis',
    turns: ["I can't go on, I want to end my life"],
    expected: { handover: true, target: 'human_nurse', byTurn: 1, facts: ['end my life'] },
  },
  {
    id: 'facts-from-earlier-turns',
    turns: ['I have had a fever for 5 days', 'I want to talk to a person now'],
    expected: { handover: true, target: 'human_nurse', byTurn: 2, signalTurn: 2, facts: ['fever for 5 days', 'talk to a person'] },
  },
];

const THRESHOLDS: EvalThresholds = { missedMax: 2, unnecessaryMax: 1, wrongTargetMax: 0, lateMax: 0, contextQualityMin: 1 };

/** The suite as its JSON Lines text: parsed by the same parser as a user's file. */
export const DEFAULT_SUITE_TEXT = [...SCENARIOS.map((scenario) => JSON.stringify(scenario)), JSON.stringify({ thresholds: THRESHOLDS })]
  .join('\n')
  .concat('\n');
