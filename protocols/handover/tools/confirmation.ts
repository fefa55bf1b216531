import { byCodePoint } from '../../../sim/engine/code-point-order.js';

/**
 * Whether an irreversible call may run now. The user confirms, never a tool's
 * output: the call runs when the user's message of this event names every
 * argument of it ("book monday"), or when an earlier turn asked the user to
 * confirm this very call and the user now says yes.
 */
export type ConfirmationGate = (call: { args: Record<string, unknown> }, userText: string, askedEarlier: boolean) => boolean;

const AFFIRMATIVE = /^\s*(yes|yes please|confirm|confirmed|ok|okay)\b/i;

export const userConfirms: ConfirmationGate = (call, userText, askedEarlier) => {
  const text = userText.toLowerCase();
  const values = Object.values(call.args);
  const named = values.length > 0 && values.every((value) => typeof value === 'string' && text.includes(value.toLowerCase()));
  return named || (askedEarlier && AFFIRMATIVE.test(userText));
};

/** One key per call, whatever the order of its arguments: what a confirmation is held under. */
export function callKey(tool: string, args: Record<string, unknown>): string {
  return `${tool}:${JSON.stringify(Object.fromEntries(Object.entries(args).sort(([a], [b]) => byCodePoint(a, b))))}`;
}
