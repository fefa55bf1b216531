import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { refundKeyedByCall } from './refund-keyed-by-call.js';
import type { OpenAIAgentsProtocol } from './types.js';

/**
 * The agents of refund-keyed-by-call, handoff included, and a model that,
 * asked for a person, answers "I'll hand you over to a person now." without
 * calling the handoff (as openai-agents-python #541 and #2352 report). The
 * SDK takes the text as the final output: the run ends, no `onHandoff` runs,
 * and no ticket exists. The customer waits for a person nobody was told about.
 */
export const handoffAnnounced: OpenAIAgentsProtocol = {
  name: 'handoff-announced',
  summary: 'the model says it hands over to a person and never calls the handoff: no ticket at all',
  agent: refundKeyedByCall.agent,
  contracts: { effects: atomicReceipt, humans: atomicReceipt },
  script: [
    { calls: [{ name: 'refund_order', args: { order_id: '42' } }] },
    {
      text: "Your refund is on its way. I'll hand you over to a person now.",
      handoff: { to: 'transfer_to_Human_desk', toPerson: true, announcedOnly: true },
    },
  ],
};
