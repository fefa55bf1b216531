import type { ModelAction, Policy } from '../../../protocols/handover/types.js';

/**
 * A model that says what it is told: the nth call of a process life gets the
 * nth action, round and round. fast-check plays the adversary through it
 * (targets outside the graph, ping-pong, missing fields, never stopping); a
 * fresh one per life, since a restarted model remembers nothing either.
 */
export function scriptedPolicy(actions: readonly ModelAction[]): Policy {
  let calls = 0;
  return {
    name: 'scripted',
    respond() {
      const action = actions[calls % Math.max(1, actions.length)] ?? { type: 'reply', text: '...' };
      calls++;
      return action;
    },
  };
}
