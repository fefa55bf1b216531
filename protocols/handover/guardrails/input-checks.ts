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
export const PERSON_PHRASES = ['talk to a person', 'speak to a human', 'real person', 'talk to a nurse'] as const;

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
