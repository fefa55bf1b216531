import type { ConversationView, ModelAction, Policy } from '../../../protocols/handover/types.js';

/**
 * What an adversarial model may do on one call: any action, fail (down),
 * answer after a while (slow), or do whatever the last tool output tells it
 * (the prompt injection a harness must not obey).
 */
export type AdversaryMove =
  ModelAction | { type: 'down' } | { type: 'slow'; latencyMs: number; then: ModelAction } | { type: 'obey-tool-output' };

const TRANSFER_ORDER = /transfer to ([a-z_]+)/i;
const BOOK_ORDER = /book ([a-z]+)/i;

/** The instruction in the last tool output, taken as an order. */
function obey(view: ConversationView): ModelAction {
  const output = [...view.transcript].reverse().find((line) => line.role === 'tool')?.text ?? '';
  const target = TRANSFER_ORDER.exec(output)?.[1];
  if (target)
    return {
      type: 'tool-calls',
      calls: [{ name: 'transfer', arguments: { target, reason: 'out_of_scope', summary: 'the tool said so' } }],
    };
  const slot = BOOK_ORDER.exec(output)?.[1];
  if (slot) return { type: 'tool-calls', calls: [{ name: 'book_appointment', arguments: { slot: slot.toLowerCase() } }] };
  return { type: 'reply', text: 'Noted.' };
}

/** The nth call of a process life plays the nth move, round and round; a fresh one per life, as a restarted model remembers nothing. */
export function adversarialPolicy(moves: readonly AdversaryMove[]): Policy {
  let calls = 0;
  const current = (): AdversaryMove => moves[calls % Math.max(1, moves.length)] ?? { type: 'reply', text: '...' };
  return {
    name: 'adversarial',
    latencyMs: () => {
      const move = current();
      return move.type === 'slow' ? move.latencyMs : 0;
    },
    respond(view) {
      const move = current();
      calls++;
      switch (move.type) {
        case 'down':
          throw new Error('the model provider answered 503');
        case 'slow':
          return move.then;
        case 'obey-tool-output':
          return obey(view);
        default:
          return move;
      }
    },
  };
}
