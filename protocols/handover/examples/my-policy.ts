import type { ConversationView, ModelAction, ToolSpec } from '../types.js';

/**
 * An example of your own model for `sim table --family handover --policy` and
 * `sim check --family handover --policy`, written for my-graph.json beside it. A real
 * one would call your model here (the harness awaits respond); this one
 * decides by keywords so that its runs replay exactly.
 */
export const policy = {
  name: 'my-billing-policy',
  respond(conversation: ConversationView, tools: readonly ToolSpec[]): ModelAction {
    const lastUser = [...conversation.transcript].reverse().find((line) => line.role === 'user')?.text ?? '';
    // The targets this agent may transfer to are in its transfer tool's schema; the harness refuses any other.
    const schema = tools.find((tool) => tool.name === 'transfer')?.parameters as { properties: { target: { enum: string[] } } } | undefined;
    const targets = schema?.properties.target.enum ?? [];
    const transfer = (target: string, reason: string, summary: string): ModelAction => ({
      type: 'tool-calls',
      calls: [{ name: 'transfer', arguments: { target, reason, summary } }],
    });
    if (/nurse|person|human|someone real|chest pain/i.test(lastUser) && targets.includes('human_agent')) {
      return transfer('human_agent', 'user_requested_human', `The user asks for a person: "${lastUser}"`);
    }
    if (conversation.agent === 'router' && /invoice|bill|refund/i.test(lastUser) && targets.includes('billing')) {
      return transfer('billing', 'out_of_scope', `About billing: "${lastUser}"`);
    }
    if (conversation.agent === 'billing') return { type: 'reply', text: 'Your invoice is on its way.' };
    return { type: 'reply', text: 'I can help with invoices and refunds, or find you a person.' };
  },
};
