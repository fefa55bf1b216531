import { describe, expect, it } from 'vitest';
import type { TranscriptLine } from '../../../../protocols/handover/types.js';
import { decide, rulesEngine } from './decide.js';
import { isKnown } from './findings.js';
import { explainerMove, intakeMove } from './intake-policy.js';
import { OUTCOME_LINES, outcomeLineOf } from './outcome-lines.js';
import { presenter } from './present-decision.js';
import { LONG_DURATION_RULE } from './triage-rules.js';

describe('the triage rules in words: reasons, lines, and the domain of each finding', () => {
  it("gives each rule's reason, quoting the findings and the thresholds", () => {
    expect(decide({ dangerSign: 'fainting', ageYears: 40, durationDays: 3 })).toEqual({
      kind: 'outcome',
      outcome: 'emergency',
      rule: 'danger-sign',
      reason: 'danger sign: fainting',
    });
    expect(decide({ dangerSign: 'none', ageYears: 80, durationDays: 3 })).toMatchObject({
      outcome: 'nurse_today',
      reason: 'age 80 is under 2 or 75 and over',
    });
    expect(decide({ dangerSign: 'none', ageYears: 40, durationDays: 20 })).toMatchObject({
      outcome: 'gp_appointment',
      reason: '20 days is 14 days or more',
    });
    expect(decide({ dangerSign: 'none', ageYears: 40, durationDays: 3 })).toMatchObject({
      outcome: 'self_care',
      reason: '3 days, no danger sign, age not at risk',
    });
  });

  it('refuses loudly a rule list that leaves complete findings without a rule', () => {
    expect(() => rulesEngine([LONG_DURATION_RULE])({ dangerSign: 'none', ageYears: 40, durationDays: 3 })).toThrow(
      'no triage rule applies to {"dangerSign":"none","ageYears":40,"durationDays":3}: the rule list needs a last rule that always applies',
    );
  });

  it('counts a finding as known only inside its domain: a listed sign, whole numbers from 0 to the maximum', () => {
    expect(isKnown({ dangerSign: 'none' }, 'dangerSign')).toBe(true);
    expect(isKnown({ dangerSign: 'headache' }, 'dangerSign')).toBe(false);
    expect(isKnown({ dangerSign: 3 }, 'dangerSign')).toBe(false);
    expect([0, 120].map((ageYears) => isKnown({ ageYears }, 'ageYears'))).toEqual([true, true]);
    expect([-1, 121, 2.5, '40', undefined].map((ageYears) => isKnown({ ageYears }, 'ageYears'))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 90].map((durationDays) => isKnown({ durationDays }, 'durationDays'))).toEqual([true, true]);
    expect([-1, 91, 0.5].map((durationDays) => isKnown({ durationDays }, 'durationDays'))).toEqual([false, false, false]);
  });

  it("tells the user each outcome's fixed line, or the findings still needed", () => {
    expect(OUTCOME_LINES).toEqual({
      emergency: 'This may be urgent: call 112 now.',
      nurse_today: 'A nurse should see you today.',
      gp_appointment: 'Please book an appointment with your doctor.',
      self_care: 'This can usually be managed at home; write again if it gets worse.',
    });
    expect(outcomeLineOf(decide({ dangerSign: 'chest_pain', ageYears: 40, durationDays: 1 }))).toBe('This may be urgent: call 112 now.');
    expect(outcomeLineOf(decide({ ageYears: 40 }))).toBe('Before I can say more I need: dangerSign, durationDays.');
  });
});

describe('presenter: the explainer words the decision and decides nothing', () => {
  const present = presenter(decide);
  const findings = { dangerSign: 'none', ageYears: 40, durationDays: 3 };

  it('attaches the explanation as text, shows the explainer a frozen copy down to the findings', () => {
    let seen: unknown;
    const presented = present(findings, (view) => {
      seen = view;
      expect(Object.isFrozen(view)).toBe(true);
      expect(Object.isFrozen(view.decision)).toBe(true);
      expect(Object.isFrozen(view.findings)).toBe(true);
      expect(() => {
        (view.findings as { ageYears: number }).ageYears = 90;
      }).toThrow(TypeError);
      return 42 as unknown as string;
    });
    expect(presented).toEqual({
      decision: decide(findings),
      outcomeLine: OUTCOME_LINES.self_care,
      explanation: '42',
    });
    expect(seen).toEqual({ decision: decide(findings), findings });
    expect((seen as { findings: unknown }).findings).not.toBe(findings);
    expect(findings.ageYears).toBe(40);
  });

  it('freezes findings that hold null (a model may hand over anything) and still shows them to the explainer', () => {
    const withNull = { ...findings, note: null };
    const presented = present(withNull, (view) => `note is ${String(view.findings.note)}`);
    expect(presented).toEqual({ decision: decide(withNull), outcomeLine: OUTCOME_LINES.self_care, explanation: 'note is null' });
  });

  it("records the explainer's failure, an Error's message or what was thrown, and still sends the fixed line", () => {
    expect(
      present(findings, () => {
        throw new Error('model down');
      }),
    ).toEqual({ decision: decide(findings), outcomeLine: OUTCOME_LINES.self_care, explainerError: 'model down' });
    // A model may throw anything, not only an Error.
    expect(
      present(findings, () => {
        throw 'gone';
      }).explainerError,
    ).toBe('gone');
  });
});

describe('the reference intake and explainer models', () => {
  const view = (...transcript: [TranscriptLine['role'], string][]) => ({
    conversationId: 'c1',
    agent: 'intake',
    transcript: transcript.map(([role, text]) => ({ role, agent: null, text })),
  });
  const findingsOf = (...said: string[]) => {
    const move = intakeMove(view(...said.map((text): [TranscriptLine['role'], string] => ['user', text])));
    return move.type === 'tool-calls' ? move.calls[0]?.arguments : move;
  };

  it('reads the findings out of everything the user wrote, and hands them to the triage tool', () => {
    expect(intakeMove(view(['user', 'I have chest pain'], ['agent', 'hm'], ['user', 'I am 54, since 3 days']))).toEqual({
      type: 'tool-calls',
      calls: [{ name: 'triage', arguments: { dangerSign: 'chest_pain', ageYears: 54, durationDays: 3 } }],
    });
    expect(findingsOf('Breathing is hard', '7 yo', '1 day')).toEqual({ dangerSign: 'breathing_difficulty', ageYears: 7, durationDays: 1 });
    expect(findingsOf('I FAINTED, 80 years old')).toEqual({ dangerSign: 'fainting', ageYears: 80 });
    for (const none of ['no danger', 'none of those', 'None of these', 'nothing like that', 'no other'])
      expect(findingsOf(none)).toEqual({ dangerSign: 'none' });
    expect(findingsOf('1 year old')).toEqual({ ageYears: 1 });
    expect(findingsOf('a cough')).toEqual({});
    // Words that only contain the phrases, and numbers that are no age or duration, say nothing.
    expect(findingsOf('nonetheless', 'knowhere', '1234 years old', '123 days', 'weekdays 5')).toEqual({});
    expect(findingsOf('I am 9 years old', 'I am 30')).toEqual({ ageYears: 9 });
    expect(findingsOf('since 12days')).toEqual({ durationDays: 12 });
    // The tool's own lines are not the user's words.
    expect(intakeMove(view(['agent', 'chest pain?'], ['user', 'hello']))).toEqual({
      type: 'tool-calls',
      calls: [{ name: 'triage', arguments: {} }],
    });
  });

  it('asks exactly the questions the rules answered need-more-info with, in their order', () => {
    expect(intakeMove(view(['user', 'hi'], ['tool', 'need-more-info: ask the user for ageYears, dangerSign, durationDays']))).toEqual({
      type: 'reply',
      text: 'To help you I need to know: how old are you? do you have chest pain, difficulty breathing or fainting (or none of those)? for how many days has it lasted?',
    });
    expect(intakeMove(view(['tool', 'need-more-info: ask the user for mood']))).toEqual({
      type: 'reply',
      text: 'To help you I need to know: mood',
    });
    // Another tool result, or the same words not at the start, is not a question to ask.
    expect(intakeMove(view(['user', '3 days'], ['tool', 'outcome: need-more-info: ask the user for ageYears'])).type).toBe('tool-calls');
    expect(intakeMove(view(['user', '3 days'], ['agent', 'need-more-info: ask the user for ageYears'])).type).toBe('tool-calls');
    expect(intakeMove(view(['tool', 'need-more-info: ask the user for ageYears and more\nlines'])).type).toBe('tool-calls');
    expect(intakeMove(view()).type).toBe('tool-calls');
  });

  it("words the rules' reason, and says the rules decided when there is none", () => {
    expect(explainerMove(view(['tool', JSON.stringify({ reason: 'danger sign: fainting' })]))).toEqual({
      type: 'reply',
      text: '(Why: danger sign: fainting.)',
    });
    expect(explainerMove(view(['tool', '{}']))).toEqual({ type: 'reply', text: '(Why: the rules decided.)' });
    expect(explainerMove(view())).toEqual({ type: 'reply', text: '(Why: the rules decided.)' });
  });
});
