import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardAfterModel } from './flawed/model-first.js';
import { CRISIS_PHRASES, PERSON_PHRASES, type IncomingMessage, type InputTrigger } from './input-checks.js';
import { guardInput, type InputGuard } from './input-guard.js';

/** Pinned: the held property and the found control are the same facts on every machine. */
const SEED = 2026;
const RUNS = 1000;
const FLAGGED = new Set(['sender-flagged']);

const mixedCase = (phrase: string) =>
  fc
    .array(fc.boolean(), { minLength: phrase.length, maxLength: phrase.length })
    .map((upper) => [...phrase].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
const around = (inner: fc.Arbitrary<string>) =>
  fc.tuple(fc.string(), inner, fc.string()).map(([before, phrase, after]) => `${before}${phrase}${after}`);

/** A message that must trigger: a crisis phrase, a request for a person (any casing, any surrounding text), or a flagged sender. */
const triggeringMessage: fc.Arbitrary<IncomingMessage> = fc.oneof(
  fc.record({ sender: fc.constant('sender-1'), text: around(fc.constantFrom(...CRISIS_PHRASES).chain(mixedCase)) }),
  fc.record({ sender: fc.constant('sender-1'), text: around(fc.constantFrom(...PERSON_PHRASES).chain(mixedCase)) }),
  fc.record({ sender: fc.constant('sender-flagged'), text: fc.string() }),
);

/** A message that must reach the model: digits and spaces hold no phrase, and the sender is not flagged. */
const plainMessage: fc.Arbitrary<IncomingMessage> = fc.record({
  sender: fc.constant('sender-1'),
  text: fc.stringMatching(/^[0-9 ]{0,40}$/),
});

/** One guarded turn with its model calls and its log read back. */
function turnOf(guard: InputGuard, message: IncomingMessage) {
  let modelCalls = 0;
  const logged: InputTrigger[] = [];
  const turn = guard(message, FLAGGED, () => ((modelCalls += 1), 'a model reply'), { record: (trigger) => logged.push(trigger) });
  return { turn, modelCalls, logged };
}

function triggeredViolation(guard: InputGuard, message: IncomingMessage): string | undefined {
  const { turn, modelCalls, logged } = turnOf(guard, message);
  if (modelCalls > 0) return `the model was called ${modelCalls} time(s) for a message that must not reach it`;
  if (turn.kind !== 'triggered') return 'no guardrail triggered';
  if (logged.length !== 1 || logged[0] !== turn.trigger || turn.trigger.reason.length === 0)
    return `the trigger was not logged with its reason: ${JSON.stringify(logged)}`;
  if (turn.trigger.route === 'safe-reply' && !turn.reply) return 'a safe-reply trigger sent no reply';
  return undefined;
}

describe('guardrails before the model, pinned seed', () => {
  it('a crisis phrase, a request for a person or a flagged sender never reaches the model, and each trigger is logged with its reason', () => {
    const routes = new Set<string>();
    fc.assert(
      fc.property(triggeringMessage, (message) => {
        const { turn } = turnOf(guardInput, message);
        if (turn.kind === 'triggered') routes.add(turn.trigger.check);
        return triggeredViolation(guardInput, message) === undefined;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Each of the three checks fired in the run.
    expect([...routes].sort()).toEqual(['asks-for-person', 'crisis-phrase', 'flagged-sender']);
  });

  it('a plain message goes to the model once and logs nothing', () => {
    fc.assert(
      fc.property(plainMessage, (message) => {
        const { turn, modelCalls, logged } = turnOf(guardInput, message);
        return turn.kind === 'model' && turn.reply === 'a model reply' && modelCalls === 1 && logged.length === 0;
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('control: a guard that asks the model first is found and shrunk to the smallest triggering message', () => {
    const details = fc.check(
      fc.property(triggeringMessage, (message) => triggeredViolation(guardAfterModel, message) === undefined),
      { seed: SEED, numRuns: RUNS },
    );
    expect(details.failed).toBe(true);
    const [message] = details.counterexample!;
    expect(triggeredViolation(guardAfterModel, message)).toBe('the model was called 1 time(s) for a message that must not reach it');
    // Shrunk: the first crisis phrase in lower case with nothing around it.
    expect(message).toEqual({ sender: 'sender-1', text: CRISIS_PHRASES[0] });
    // The outcome alone looks right: only counting the model's calls shows the flaw.
    expect(turnOf(guardAfterModel, message).turn.kind).toBe('triggered');
  });
});
