import { Agent, handoff } from '@openai/agents-core';
import { noReceipt } from '../receivers/no-receipt.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { humanDesk, TRIAGE_INSTRUCTIONS } from './human-desk.js';
import { keyedRefundOrder } from './refund-keyed-by-call.js';
import type { AgentParts, OpenAIAgentsProtocol } from './types.js';

/**
 * The handoff to a person as the SDK's handoff guide first shows it: an
 * `onHandoff` callback that opens a ticket, here on a queue without
 * idempotency keys. The SDK runs `onHandoff` inside the resumed run, after
 * the last saved state: when the process dies after the ticket and before
 * the app saves the state again, the resumed run hands over again and opens
 * a second ticket for the same customer.
 */
function agent({ effects, humans, conversation }: AgentParts): Agent {
  const toHumanDesk = handoff(humanDesk(), {
    onHandoff: async () => {
      await humans.enqueue({ conversation, reason: 'the customer asked for a person' });
    },
  });
  return new Agent({ name: 'Triage', instructions: TRIAGE_INSTRUCTIONS, tools: [keyedRefundOrder(effects)], handoffs: [toHumanDesk] });
}

export const ticketWithoutKey: OpenAIAgentsProtocol = {
  name: 'ticket-without-key',
  summary: "onHandoff opens a ticket on a queue without keys: a crash after it and before the state is saved opens a second",
  agent,
  contracts: { effects: atomicReceipt, humans: noReceipt },
};
