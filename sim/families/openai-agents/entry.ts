import type { AnySuite } from '../../check/suite.js';
import type { ConversationHarness } from '../../engine/conversation-harness.js';
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
  // A module of this family exports the function that builds its agents (sim/families/openai-agents/protocol-module.ts).
  claims: (exports: Readonly<Record<string, unknown>>) => exports.agent !== undefined,
  moduleShape: 'agent({ effects, humans, conversation })',
  async load(): Promise<AnyFamily> {
    requirePeers();
    const { openaiAgentsFamily } = await import('./family.js');
    return openaiAgentsFamily as unknown as AnyFamily;
  },
  /** `sim eval handover --protocol <module>`: the user's agents and guardrails play each conversation, their respond() the model. */
  async conversationHarness(path: string, shownAs: string): Promise<ConversationHarness> {
    requirePeers();
    return (await import('./eval/agents-harness.js')).agentsHarness(path, shownAs);
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
  claims(exports: Readonly<Record<string, unknown>>): boolean;
  moduleShape: string;
  load(): Promise<AnyFamily>;
  conversationHarness(path: string, shownAs: string): Promise<ConversationHarness>;
  properties(): Promise<AnySuite>;
};
