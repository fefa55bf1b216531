import type { GuardrailRule } from '../guardrails/rules.js';

/**
 * An example of guardrail rules as a module, for `sim eval handover --rules`:
 * each layer an array of rules, each rule a name and a synchronous,
 * deterministic check(text) that returns why it decides, or undefined to let
 * the text pass. `before` reads the user's message, `around` the
 * conversation so far (one `role: text` line each) before every model call,
 * `after` the model's reply before the user sees it.
 */
export const before: GuardrailRule[] = [
  {
    name: 'front-desk',
    check: (text) => (/\b(front desk|reception(ist)?)\b/i.test(text) ? 'asked for the front desk' : undefined),
  },
];

export const around: GuardrailRule[] = [
  {
    // Three user messages without an answer that helped: a person takes over before the model is asked again.
    name: 'three-messages',
    check: (text) => (text.split('\n').filter((line) => line.startsWith('user: ')).length >= 3 ? 'a third message from the user' : undefined),
  },
];

export const after: GuardrailRule[] = [
  {
    name: 'no-dosage',
    check: (text) => /\b\d+ ?mg\b/i.exec(text)?.[0],
    action: 'safe-reply',
    reply: 'I cannot advise on doses here. Write "talk to a person" to reach someone.',
  },
];
