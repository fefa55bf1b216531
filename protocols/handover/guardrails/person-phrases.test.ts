import { describe, expect, it } from 'vitest';
import { ASKS_FOR_PERSON_CHECK } from './input-checks.js';

const asks = (text: string) => ASKS_FOR_PERSON_CHECK.trigger({ sender: 'sender-1', text }, new Set());

describe('the built-in request for a person', () => {
  it.each([
    ['I want to speak to a person', 'speak to a person'],
    ['Let me talk to a human, please', 'talk to a human'],
    ['Put me through to someone at the clinic', 'put me through'],
    ['Can I chat with somebody?', 'chat with somebody'],
    ['I need to talk to a member of staff', 'talk to a member of staff'],
    ['Connect me with the front desk', 'connect me with'],
    ['Are you a real person?', 'real person'],
  ])('"%s" goes to a person before the model, naming "%s"', (text, phrase) => {
    expect(asks(text)).toEqual({ check: 'asks-for-person', route: 'person', reason: `asked for a person: "${phrase}"` });
  });

  it.each(["Is the nurse's office open on saturday?", 'What are your opening hours?', 'Is there anyone at the clinic I could ask this directly?'])(
    '"%s" is no explicit request and reaches the model',
    (text) => {
      expect(asks(text)).toBeUndefined();
    },
  );
});
