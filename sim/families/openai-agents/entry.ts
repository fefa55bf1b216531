import type { AnyFamily } from '../../engine/run-case.js';

/**
 * The openai-agents family as the registry lists it, known without loading
 * the SDK: its packages are optional peer dependencies, and only load()
 * imports them (the family, its world and its example agents).
 */
export const openaiAgentsEntry = {
  name: 'openai-agents',
  summary:
    "a user's OpenAI Agents SDK agents with approvals, handoffs and a saved RunState, resumed as SDK apps resume: one effect per tool call, one ticket per handover",
  peers: ['@openai/agents-core', 'zod'],
  protocolNames: ['refund-on-approval', 'refund-keyed-by-call', 'handoff-announced', 'ticket-without-key'],
  async load(): Promise<AnyFamily> {
    const { openaiAgentsFamily } = await import('./family.js');
    return openaiAgentsFamily as unknown as AnyFamily;
  },
} as const satisfies { name: string; summary: string; peers: readonly string[]; protocolNames: readonly string[]; load(): Promise<AnyFamily> };
