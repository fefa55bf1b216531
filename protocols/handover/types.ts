import type { FamilyProtocol, WorkerContext } from '../../sim/engine/family.js';
import type { HandoverGraph } from '../../sim/families/handover/graph.js';
import type { Contract } from '../receivers/types.js';
import type { GuardrailSettings } from './guardrails/guardrail-settings.js';
import type { ToolSpec } from './tool-spec.js';
import type { OwnTool } from './tools/own-tool.js';

/** One line of the transcript as the model sees it. */
export interface TranscriptLine {
  role: 'user' | 'agent' | 'tool' | 'tool-error' | 'transfer' | 'handover' | 'operator' | 'harness';
  agent: string | null;
  text: string;
}

/** What the model is shown for one step: which agent it plays, and the conversation so far. */
export interface ConversationView {
  conversationId: string;
  agent: string;
  transcript: readonly TranscriptLine[];
}

export type { ToolSpec } from './tool-spec.js';

export interface ToolCall {
  name: string;
  /** Whatever the model produced; the harness validates it against the tool's schema before anything runs. */
  arguments: unknown;
}

/** The model's answer to one step: a reply to the user, or tool calls (`transfer` is one). */
export type ModelAction = { type: 'reply'; text: string } | { type: 'tool-calls'; calls: ToolCall[] };

/**
 * The model, as a module: `respond(conversation, tools)`. Not an LLM here: the
 * reference policy is deterministic, fast-check plays an adversarial one, and
 * a user's own module may call a real model where they run it. The model
 * proposes; the harness disposes.
 */
export interface Policy {
  name: string;
  respond(conversation: ConversationView, tools: readonly ToolSpec[]): ModelAction | Promise<ModelAction>;
  /**
   * How long this simulated model takes to answer, in virtual ms (0 when
   * absent): the world spends it on the clock, and the harness's timeout and
   * latency budget measure it there. A real model is simply slow.
   */
  latencyMs?(conversation: ConversationView): number;
}

/** A transfer that passed the tool's schema: the target is one of the agent's edges. */
export interface TransferArguments {
  target: string;
  reason: TransferReason;
  summary: string;
}

/** The reasons the model may give; the harness adds its own when it overrides the model. */
export const TRANSFER_REASONS = ['out_of_scope', 'user_requested_human', 'unsafe_to_continue', 'tool_failure'] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];
/** The reasons the harness gives when it, not the model, hands the conversation to the fallback person. */
export const HARNESS_REASONS = ['step_limit', 'transfer_limit', 'crisis', 'guardrail', 'model_unavailable', 'budget'] as const;
export type HarnessReason = (typeof HARNESS_REASONS)[number];

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The tools of the world as the model is offered them, and the transfer's
 * validation. The other tools run in the harness's sandbox (tools/), which
 * validates their arguments against their own schemas.
 */
export interface ToolBox {
  specs(agent: string): readonly ToolSpec[];
  /** The graph's own tools by name, run in the sandbox as the built-in ones are (tools/own-tool.ts). */
  own: Readonly<Record<string, OwnTool>>;
  validateTransfer(agent: string, args: unknown): Validated<TransferArguments>;
}

/** The harness's limits, in steps, transfers and virtual ms. */
export interface HandoverSettings {
  /** Steps per user message (a reply, a tool call, a transfer), over every life; past it a person takes over (step_limit). */
  stepsMax: number;
  /** Transfers between agents per conversation, over every life; past it the harness hands over to a person. */
  transfersMax: number;
  /** How long work a receiver did not settle (unavailable, reply lost) waits before the harness takes it up again. */
  retryDelayMs: number;
  /** The messaging channel's window for free-form messages after the user's last message. */
  freeFormWindowMs: number;
  /** The guardrails' limits and lists; the defaults of protocols/handover/guardrails/guardrail-settings.ts when absent. */
  guardrails?: Partial<GuardrailSettings>;
}

/** What one event of a conversation carries to the harness. */
export type ConversationEvent = (
  | { kind: 'user'; conversationId: string; tenant: string; eventId: string; ordinal: number; atMs: number; text: string }
  | {
      kind: 'operator-return';
      conversationId: string;
      tenant: string;
      eventId: string;
      ordinal: number;
      atMs: number;
      /** What the operator wrote to the user; it enters the agent's context. */
      messages: string[];
    }
) & {
  /**
   * What the agent said before this event in a real conversation log
   * (`sim eval` of a log suite): the harness records these lines in the
   * transcript as the active agent's, ahead of the event's own, so the model
   * answers the user in the log's context. Absent outside a log.
   */
  agentLines?: readonly string[];
};

/**
 * Everything harness code may touch, handed to `receive`, `resume` and every
 * seam: the engine's worker context (`orchestrator.transaction(work)` for the
 * conversation store, `receiver(name).send(request)` for the human queue and
 * the message channel, `await cut(name)` at a durable boundary, `nowMs()` on
 * the virtual clock, `life` and `worker`), and the family's own parts below.
 *
 * @example A seam of your own that commits the handover in one transaction:
 * ```ts
 * import { harnessProtocol, type HandoverContext, type HandoverWrites } from 'cutpoint';
 *
 * async function writeHandover(ctx: HandoverContext, writes: HandoverWrites) {
 *   return ctx.orchestrator.transaction((db) => (writes.state(db) ? writes.ticket(db) : null));
 * }
 * export default harnessProtocol({ name: 'my-harness', summary: 'state and ticket together', seams: { writeHandover } });
 * ```
 */
export interface HandoverContext extends WorkerContext {
  /** The graph the conversations run on: the entry agent, each agent's edges and tools, the people, the fallback person. */
  graph: HandoverGraph;
  /** The model (a policy): the harness asks it for each step of an agent's loop. */
  model: Policy;
  /** The tools as the model is offered them, and the transfer's validation by its JSON Schema. */
  tools: ToolBox;
  /** The harness's limits: steps per message, transfers per conversation, the retry delay, the channel's window. */
  settings: HandoverSettings;
  /**
   * This process's memory: a fresh Map in every life, so whatever a harness
   * keeps here is forgotten by a crash, exactly as a real restart forgets it.
   */
  memory: Map<string, unknown>;
}

/**
 * A protocol of the handover family: the harness around the model. `receive`
 * is called for each event the channel delivers; an event that was delivered
 * but not acknowledged (the process crashed first) is delivered again after
 * the restart, so an event already recorded must be recognised.
 */
export interface HandoverProtocol extends FamilyProtocol {
  contracts: { 'human-queue': Contract; 'message-channel': Contract };
  receive(ctx: HandoverContext, event: ConversationEvent): Promise<void>;
  /**
   * Called when a process starts and whenever the world has time to spare:
   * finish what an earlier life left half done. Returns when to be called
   * again while work is left (a receiver was unavailable), or nothing.
   */
  resume(ctx: HandoverContext): Promise<{ waitUntilMs: number } | undefined>;
}
