import type { ConversationView, ModelAction } from '../../../../protocols/handover/types.js';

const DANGER: readonly [RegExp, string][] = [
  [/chest pain/i, 'chest_pain'],
  [/breath/i, 'breathing_difficulty'],
  [/faint/i, 'fainting'],
  [/\b(no danger|none of (those|these)|nothing like that|no other)\b/i, 'none'],
];
const AGE = /\b(\d{1,3})\s*(?:years? old|yo)\b|\bI am (\d{1,3})\b/i;
const DURATION = /\b(\d{1,2})\s*days?\b/i;
const QUESTIONS: Readonly<Record<string, string>> = {
  dangerSign: 'do you have chest pain, difficulty breathing or fainting (or none of those)?',
  ageYears: 'how old are you?',
  durationDays: 'for how many days has it lasted?',
};

/**
 * The reference model as the intake agent: it reads the findings out of
 * what the user wrote and hands them to the triage tool; when the rules
 * answer need-more-info it asks exactly those questions. It never names an
 * outcome: the rules do.
 */
export function intakeMove(view: ConversationView): ModelAction {
  const last = view.transcript[view.transcript.length - 1];
  const missing = last?.role === 'tool' ? /^need-more-info: ask the user for (.+)$/.exec(last.text)?.[1] : undefined;
  if (missing !== undefined) {
    return {
      type: 'reply',
      text: `To help you I need to know: ${missing
        .split(', ')
        .map((field) => QUESTIONS[field] ?? field)
        .join(' ')}`,
    };
  }
  const said = view.transcript
    .filter((line) => line.role === 'user')
    .map((line) => line.text)
    .join('\n');
  const findings: Record<string, unknown> = {};
  const danger = DANGER.find(([pattern]) => pattern.test(said));
  if (danger) findings.dangerSign = danger[1];
  const age = AGE.exec(said);
  if (age) findings.ageYears = Number(age[1] ?? age[2]);
  const duration = DURATION.exec(said);
  if (duration) findings.durationDays = Number(duration[1]);
  return { type: 'tool-calls', calls: [{ name: 'triage', arguments: findings }] };
}

/** The reference model as the explainer: it words the rules' reason, and nothing else. */
export function explainerMove(view: ConversationView): ModelAction {
  const shown = JSON.parse(view.transcript[0]?.text ?? '{}') as { reason?: string };
  return { type: 'reply', text: `(Why: ${shown.reason ?? 'the rules decided'}.)` };
}
