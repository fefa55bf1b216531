/**
 * The guardrails before the model: cheap deterministic checks on the
 * incoming message. A match routes to a person or a fixed safe reply, and the
 * model is never asked. Illustrative phrases, not a clinical or crisis list.
 */
export interface IncomingMessage {
  sender: string;
  text: string;
}

export type InputCheckName = 'crisis-phrase' | 'asks-for-person' | 'flagged-sender';

export interface InputTrigger {
  check: InputCheckName;
  route: 'person' | 'safe-reply';
  /** Why, in words the log and the operator can read. */
  reason: string;
}

export interface InputCheck {
  name: InputCheckName;
  trigger(message: IncomingMessage, flaggedSenders: ReadonlySet<string>): InputTrigger | undefined;
}

export const CRISIS_PHRASES = ['kill myself', 'end my life', 'suicide', 'overdose'] as const;
/** Who a user asks for when they ask for a person in so many words. */
const PEOPLE = ['a person', 'a human', 'someone', 'somebody', 'a nurse', 'a doctor', 'staff', 'a member of staff', 'an agent', 'an operator'];
/**
 * The explicit forms of "I want a person": a verb of talking and whom to
 * ("speak to a person", "talk with someone"), and the phrases that ask for a
 * person on their own ("put me through", "a real person"). Lower case,
 * matched anywhere in the message: a user's own list comes from a rules file
 * (sim eval handover --rules).
 */
export const PERSON_PHRASES: readonly string[] = [
  ...['talk', 'speak', 'chat'].flatMap((verb) => ['to', 'with'].flatMap((to) => PEOPLE.map((whom) => `${verb} ${to} ${whom}`))),
  'real person',
  'human being',
  'live agent',
  'put me through',
  'connect me to',
  'connect me with',
  'transfer me to',
];

const found = (text: string, phrases: readonly string[]) => phrases.find((phrase) => text.toLowerCase().includes(phrase));

export const CRISIS_PHRASE_CHECK: InputCheck = {
  name: 'crisis-phrase',
  trigger: (message) => {
    const phrase = found(message.text, CRISIS_PHRASES);
    return phrase === undefined ? undefined : { check: 'crisis-phrase', route: 'safe-reply', reason: `crisis phrase "${phrase}"` };
  },
};

export const ASKS_FOR_PERSON_CHECK: InputCheck = {
  name: 'asks-for-person',
  trigger: (message) => {
    const phrase = found(message.text, PERSON_PHRASES);
    return phrase === undefined ? undefined : { check: 'asks-for-person', route: 'person', reason: `asked for a person: "${phrase}"` };
  },
};

export const FLAGGED_SENDER_CHECK: InputCheck = {
  name: 'flagged-sender',
  trigger: (message, flaggedSenders) =>
    flaggedSenders.has(message.sender)
      ? { check: 'flagged-sender', route: 'person', reason: `sender ${message.sender} is flagged` }
      : undefined,
};

/** Crisis first: its fixed reply carries the urgent number, which a queue for a person does not. */
export const INPUT_CHECKS: readonly InputCheck[] = [CRISIS_PHRASE_CHECK, ASKS_FOR_PERSON_CHECK, FLAGGED_SENDER_CHECK];
