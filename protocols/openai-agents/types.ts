import type { Agent } from '@openai/agents-core';
import type { FamilyProtocol } from '../../sim/engine/family.js';
import type { Contract, JsonValue } from '../receivers/types.js';

/**
 * What an agent's tools reach their side effects through: a client of the
 * `effects` receiver, a store of its own. An effect is counted under the
 * tool's name and its arguments; `key` is the idempotency key the request
 * carries (the intention itself when none is given), which only a receiver
 * keeping receipts reads.
 */
export interface EffectClient {
  /** Applies one effect, as a tool's call to a remote API does: its result, or an Error when the receiver did not apply it. */
  apply(tool: string, args: Record<string, JsonValue>, options?: { key?: string }): Promise<JsonValue>;
}

/** The people's queue a handoff to a person puts its ticket in: one ticket per conversation is wanted. */
export interface HumanQueue {
  /** Puts a ticket for this conversation in the queue: its result, or an Error when the queue did not take it. */
  enqueue(ticket: Record<string, JsonValue>, options?: { key?: string }): Promise<JsonValue>;
}

/** What cutpoint hands the user's agents for one process life. */
export interface AgentParts {
  effects: EffectClient;
  humans: HumanQueue;
  /** The conversation's id, the app's own and the same in every life: a stable id to key a request with. */
  conversation: string;
}

/** A call the scripted model makes in one answer: a tool, or a handoff by its tool name (`transfer_to_Human_desk`). */
export interface ScriptedCall {
  name: string;
  args?: Record<string, JsonValue>;
}

/**
 * One answer of the scripted model. `calls` are tool calls (each one an
 * effect to count in effects.db); `handoff` hands the conversation on, by
 * the handoff's tool name; `toPerson` says its target is a person, so the
 * handover is counted as a ticket in human-queue.db; `announcedOnly` is the
 * model that says it hands over (in `text`) and never calls the handoff.
 */
export interface ScriptedTurn {
  text?: string;
  calls?: readonly ScriptedCall[];
  handoff?: { to: string; toPerson?: boolean; announcedOnly?: boolean };
}

/** A user's agents under cutpoint: how they are built each life, and the rules of the two remote systems they act on. */
export interface OpenAIAgentsProtocol extends FamilyProtocol {
  /** Builds the entry agent (its tools, handoffs and guardrails, as the SDK builds them) once per process life. */
  // any: the user's agent, whatever its context and output types (the SDK's Agent is invariant in both).
  agent(parts: AgentParts): Agent<any, any>;
  /** The rule of the API the tools reach (`no-receipt`: no idempotency keys) and of the human queue. */
  contracts: { effects: Contract; humans: Contract };
  /** The model's answers for this protocol's case and what the user says first, when they are not the family's story. */
  script?: readonly ScriptedTurn[];
  input?: string;
}
