import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { FamilyProtocol } from '../../sim/engine/family.js';
import type { Contract, JsonValue } from '../receivers/types.js';

/**
 * What a graph's tools reach their side effects through: a client of the
 * `effects` receiver, a store of its own. The intention an effect is counted
 * under is the tool's name and its arguments; `key` is the idempotency key
 * the request carries (the intention itself when none is given), which only
 * a receiver keeping receipts reads.
 */
export interface EffectClient {
  /** Applies one effect, as a tool's call to a remote API does: its result, or an Error when the receiver did not apply it. */
  apply(tool: string, args: Record<string, JsonValue>, options?: { key?: string }): Promise<JsonValue>;
}

/** What cutpoint hands the user's graph for one process life. */
export interface GraphParts {
  /** LangGraph's own SqliteSaver on the case's orchestrator file, each write of it a boundary where a run can be cut. */
  checkpointer: BaseCheckpointSaver;
  /** A @langchain/core chat model answering from the case's script, offline. */
  model: BaseChatModel;
  effects: EffectClient;
}

/** The config a thread is invoked and resumed with, as LangGraph takes it. */
export interface ThreadConfig {
  configurable: { thread_id: string };
  recursionLimit: number;
  durability?: Durability;
}

/**
 * When LangGraph saves a step (its `durability` invoke option): `sync`
 * before the next step starts, `async` while it runs (LangGraph's default),
 * `exit` only when the invocation ends or stops at an interrupt.
 */
export const DURABILITIES = ['exit', 'async', 'sync'] as const;
export type Durability = (typeof DURABILITIES)[number];

/**
 * The part of a compiled LangGraph graph the family uses: what a LangGraph
 * user's own code calls to start a thread, to see where it stands, and to
 * resume it.
 */
export interface ResumableGraph {
  invoke(input: unknown, config: ThreadConfig): Promise<unknown>;
  getState(config: ThreadConfig): Promise<{ next: readonly string[]; tasks: readonly { interrupts: readonly unknown[] }[] }>;
}

/** One tool call of the scripted model, with the id a real model would give it. */
export interface ScriptedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The intention this call stands for, as the user's module derives it; the tool's name and arguments when absent. */
  intention?: string;
}

/** One answer of the scripted model: text, and the tool calls it asks for. */
export interface ScriptedTurn {
  content: string;
  toolCalls?: readonly ScriptedCall[];
}

/** What a user's module runs its graph with: the input that starts the thread, the model's answers, and the answer at every interrupt. */
export interface GraphCase {
  input: JsonValue;
  script: readonly ScriptedTurn[];
  answer: JsonValue;
}

/** A graph under cutpoint: how it is built each life, and the contract its effect receiver keeps. */
export interface LangGraphProtocol extends FamilyProtocol {
  /** Builds and compiles the graph with the parts given, once per process life, as a restarted service does. */
  graph(parts: GraphParts): ResumableGraph;
  /** The rule of the remote API the tools' effects reach: `no-receipt` (a plain API) or `atomic-receipt` (honours keys). */
  contract: Contract;
  /** The case a user's module brings (its input and the model's tool calls); the family's table case when absent. */
  case?: GraphCase;
  /** The durability every invocation of the thread asks for; LangGraph's default (`async`) when left out. */
  durability?: Durability;
}
