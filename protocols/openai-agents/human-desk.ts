import { Agent, handoff, type Handoff } from '@openai/agents-core';
import type { AgentParts } from './types.js';

/** The agent a conversation is handed to when the customer asks for a person: it tells them a person takes over. */
export function humanDesk(): Agent {
  return new Agent({
    name: 'Human desk',
    instructions: 'Tell the customer that a person from the support team takes the conversation from here.',
    handoffDescription: 'A person from the support team, for customers who ask for one.',
  });
}

/**
 * The handoff to a person, done right: the SDK runs `onHandoff` when the
 * model calls the handoff, and it puts a ticket in the people's queue keyed
 * by the conversation, so a handoff the restarted app runs again finds the
 * ticket of the first on a queue that keeps receipts.
 */
export function handoffToHumanDesk({ humans, conversation }: AgentParts): Handoff {
  return handoff(humanDesk(), {
    onHandoff: async () => {
      await humans.enqueue({ conversation, reason: 'the customer asked for a person' }, { key: `handover:${conversation}` });
    },
  });
}

/** The triage agent's instructions in every example: refund what arrived broken, hand over to a person on request. */
export const TRIAGE_INSTRUCTIONS =
  'You help customers with their orders. Refund an order that arrived broken with refund_order. ' +
  'When the customer asks for a person, hand the conversation to the human desk.';
