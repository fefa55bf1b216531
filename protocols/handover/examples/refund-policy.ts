import type { ConversationView, ModelAction, ToolSpec } from '../types.js';

const INVOICE = /\bINV-\d{4}\b/;
/** The customer's last invoice, for a message that names none. */
const LAST_INVOICE = 'INV-0042';

/**
 * An example model for graph-with-own-tool.json beside it, whose billing
 * agent has a tool of the graph's own, refund_invoice. The router hands
 * whoever asks for a person to the customer service agent and everything
 * else to billing; billing refunds the invoice the message names (the
 * customer's last one otherwise), then replies with the tool's result.
 * Deterministic, so its runs replay exactly:
 *
 *   sim check --family handover --graph graph-with-own-tool.json --policy refund-policy.ts
 */
export const policy = {
  name: 'refund-policy',
  respond(conversation: ConversationView, tools: readonly ToolSpec[]): ModelAction {
    const lastUser = [...conversation.transcript].reverse().find((line) => line.role === 'user')?.text ?? '';
    const last = conversation.transcript.at(-1);
    const schema = tools.find((tool) => tool.name === 'transfer')?.parameters as { properties: { target: { enum: string[] } } } | undefined;
    const targets = schema?.properties.target.enum ?? [];
    const transfer = (target: string, reason: string, summary: string): ModelAction => ({
      type: 'tool-calls',
      calls: [{ name: 'transfer', arguments: { target, reason, summary } }],
    });
    if (/nurse|person|human|someone real/i.test(lastUser) && targets.includes('human_agent'))
      return transfer('human_agent', 'user_requested_human', `The user asks for a person: "${lastUser}"`);
    if (conversation.agent === 'router' && targets.includes('billing')) return transfer('billing', 'out_of_scope', `For billing: "${lastUser}"`);
    if (conversation.agent !== 'billing') return { type: 'reply', text: 'I can help with invoices and refunds.' };
    // The tool's result (or its error) is the last line: answer with it rather than call again.
    if (last?.role === 'tool' || last?.role === 'tool-error') return { type: 'reply', text: `Refund: ${last.text}` };
    const invoice = INVOICE.exec(lastUser)?.[0] ?? LAST_INVOICE;
    return { type: 'tool-calls', calls: [{ name: 'refund_invoice', arguments: { invoice, amountCents: 1250 } }] };
  },
};
