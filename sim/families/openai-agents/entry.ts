import type { AnySuite } from '../../check/suite.js';
import type { AnyFamily } from '../../engine/run-case.js';
import { OPENAI_AGENTS_PEERS, requirePeers } from './peers.js';

/**
 * The openai-agents family as the registry lists it, known without loading
 * the SDK: its packages are optional peer dependencies, and only load()
 * imports them (the family, its world and its example agents), after
 * saying in one line which one is missing and how to install it.
 */
export const openaiAgentsEntry = {
  name: 'openai-agents',
  summary:
    "a user's OpenAI Agents SDK agents with approvals, handoffs and a saved RunState, resumed as SDK apps resume: one effect per tool call, one ticket per handover",
  peers: OPENAI_AGENTS_PEERS,
  protocolNames: ['refund-on-approval', 'refund-keyed-by-call', 'handoff-announced', 'ticket-without-key'],
  async load(): Promise<AnyFamily> {
    requirePeers();
    const { openaiAgentsFamily } = await import('./family.js');
    return openaiAgentsFamily as unknown as AnyFamily;
  },
  async properties(): Promise<AnySuite> {
    requirePeers();
    return (await import('../../../scenarios/openai-agents/properties/suite.js')).OPENAI_AGENTS_SUITE as unknown as AnySuite;
  },
} as const satisfies {
  name: string;
  summary: string;
  peers: readonly string[];
  protocolNames: readonly string[];
  load(): Promise<AnyFamily>;
  properties(): Promise<AnySuite>;
};
