import { Agent, tool } from '@openai/agents-core';
import { z } from 'zod';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { noReceipt } from '../receivers/no-receipt.js';
import { handoffToHumanDesk, TRIAGE_INSTRUCTIONS } from './human-desk.js';
import type { AgentParts, OpenAIAgentsProtocol } from './types.js';

/**
 * A refund tool behind human approval, as the SDK's human-in-the-loop guide
 * writes it: `needsApproval: true`, the run stops with an interruption, the
 * app saves `result.state.toString()`, and once approved it runs again from
 * that state. The tool calls a plain refund API (no idempotency key). When
 * the process dies after the refund and before the app saves the state
 * again, the restarted app resumes the saved state, asks for the approval
 * again, and the tool refunds a second time.
 */
function agent(parts: AgentParts): Agent {
  const { effects } = parts;
  const refundOrder = tool({
    name: 'refund_order',
    description: 'Refunds an order that arrived broken.',
    parameters: z.object({ order_id: z.string() }),
    needsApproval: true,
    execute: async (args) => JSON.stringify(await effects.apply('refund_order', args)),
  });
  return new Agent({ name: 'Triage', instructions: TRIAGE_INSTRUCTIONS, tools: [refundOrder], handoffs: [handoffToHumanDesk(parts)] });
}

export const refundOnApproval: OpenAIAgentsProtocol = {
  name: 'refund-on-approval',
  summary: 'an approval-gated refund tool on a plain API: a crash after the refund and before the state is saved refunds again',
  agent,
  contracts: { effects: noReceipt, humans: atomicReceipt },
};
