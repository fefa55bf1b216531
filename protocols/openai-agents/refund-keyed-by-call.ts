import { Agent, tool, type Tool } from '@openai/agents-core';
import { z } from 'zod';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { handoffToHumanDesk, TRIAGE_INSTRUCTIONS } from './human-desk.js';
import type { AgentParts, EffectClient, OpenAIAgentsProtocol } from './types.js';

/**
 * The refund tool behind human approval, keyed: its request carries an
 * idempotency key to an API that keeps receipts. The key is the tool call's
 * id, which the SDK keeps in the saved RunState with the interruption, so
 * the call a resume runs again has the same id.
 */
export function keyedRefundOrder(effects: EffectClient): Tool {
  return tool({
    name: 'refund_order',
    description: 'Refunds an order that arrived broken.',
    parameters: z.object({ order_id: z.string() }),
    needsApproval: true,
    execute: async (args, _context, details) => {
      const callId = details?.toolCall?.callId;
      if (callId === undefined) throw new Error('refund_order runs outside a model tool call: there is no call id to key it with');
      return JSON.stringify(await effects.apply('refund_order', args, { key: `refund:${callId}` }));
    },
  });
}

/**
 * The repair of refund-on-approval: the same agents with the keyed refund
 * tool. Its handoff to a person is the correct one too: the ticket is keyed
 * by the conversation, on a queue that keeps receipts.
 */
function agent(parts: AgentParts): Agent {
  return new Agent({
    name: 'Triage',
    instructions: TRIAGE_INSTRUCTIONS,
    tools: [keyedRefundOrder(parts.effects)],
    handoffs: [handoffToHumanDesk(parts)],
  });
}

export const refundKeyedByCall: OpenAIAgentsProtocol = {
  name: 'refund-keyed-by-call',
  summary: "the refund's key is the tool call's id, which the saved RunState keeps; the API and the queue keep receipts",
  agent,
  contracts: { effects: atomicReceipt, humans: atomicReceipt },
};
