import { INPUT_CHECKS, type IncomingMessage, type InputCheck, type InputTrigger } from './input-checks.js';
import type { GuardTrigger } from './guard-trigger.js';

/** The fixed reply for a crisis phrase: written here, never by a model. */
export const CRISIS_SAFE_REPLY = 'You matter and you do not have to face this alone: call 112 now. A person will also answer you here.';

export type GuardedTurn = { kind: 'triggered'; trigger: InputTrigger; reply?: string } | { kind: 'model'; reply: string };

export interface GuardLog {
  /** Every trigger, with its reason: a guardrail is never silent. */
  record(trigger: InputTrigger): void;
}

export type InputGuard = (
  message: IncomingMessage,
  flaggedSenders: ReadonlySet<string>,
  model: (message: IncomingMessage) => string,
  log: GuardLog,
) => GuardedTurn;

/** The checks run in order before the model; the first that triggers decides and the model is not called. */
export function inputGuard(checks: readonly InputCheck[]): InputGuard {
  return (message, flaggedSenders, model, log) => {
    for (const check of checks) {
      const trigger = check.trigger(message, flaggedSenders);
      if (trigger === undefined) continue;
      log.record(trigger);
      return trigger.route === 'safe-reply' ? { kind: 'triggered', trigger, reply: CRISIS_SAFE_REPLY } : { kind: 'triggered', trigger };
    }
    return { kind: 'model', reply: model(message) };
  };
}

export const guardInput: InputGuard = inputGuard(INPUT_CHECKS);

/**
 * The input layer as the harness runs it: the first check that triggers,
 * as a GuardTrigger. A crisis gets the fixed safe reply and a person (the
 * reply promises one); a request for a person or a flagged sender, a person.
 */
export function inputTriggerOf(
  checks: readonly InputCheck[],
  message: IncomingMessage,
  flaggedSenders: ReadonlySet<string>,
): GuardTrigger | undefined {
  for (const check of checks) {
    const trigger = check.trigger(message, flaggedSenders);
    if (trigger === undefined) continue;
    return {
      layer: 'input',
      check: trigger.check,
      reason: trigger.reason,
      handover: true,
      ...(trigger.route === 'safe-reply' ? { reply: CRISIS_SAFE_REPLY } : {}),
    };
  }
  return undefined;
}
