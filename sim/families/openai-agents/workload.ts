import { toolIntention } from '../../../protocols/receivers/tool-calls.js';
import { canonicalJson } from '../../../protocols/receivers/fingerprint.js';
import type { OpenAIAgentsProtocol, ScriptedTurn } from '../../../protocols/openai-agents/types.js';

/** One case of a user's agents: the conversation, what the customer says, what the model answers, and what the person asked to approve says. */
export interface OpenAIAgentsWorkload {
  conversation: string;
  input: string;
  script: readonly ScriptedTurn[];
  /** The answer to every approval the run stops for: granted, rejected, or never given (the run waits for it). */
  approval: Approval;
}

export type Approval = 'granted' | 'rejected' | 'never given';

export interface OpenAIAgentsSettings {
  /** The SDK's own bound on model turns per run: agents that loop past it end their case as an error. */
  maxTurns: number;
}

export const DEFAULT_OPENAI_AGENTS_SETTINGS: OpenAIAgentsSettings = { maxTurns: 10 };

/**
 * The examples' story: order 42 arrived broken; the customer wants a refund
 * and a person. The model calls refund_order (the run stops for approval),
 * then hands the conversation to the human desk, whose agent answers.
 */
export const TABLE_WORKLOAD: OpenAIAgentsWorkload = {
  conversation: 'order-42',
  input: 'Order 42 arrived broken. Please refund it, and I would like to talk to a person.',
  script: [
    { calls: [{ name: 'refund_order', args: { order_id: '42' } }] },
    { handoff: { to: 'transfer_to_Human_desk', toPerson: true } },
    { text: 'A person from our team takes it from here.' },
  ],
  approval: 'granted',
};

/** The intention a ticket is counted under: one handover to a person per conversation. */
export function handoverIntention(conversation: string): string {
  return `handover:${conversation}`;
}

/** One thing the script's model sets out to have done once: an effect in a receiver's store. */
export interface Act {
  /** `act-1`, `act-2`, … in the script's order: what a table counts, whatever the tools are called. */
  label: string;
  store: 'effects' | 'human-queue';
  intention: string;
  /** In one line: `refund_order {"order_id":"42"}`, `handover to a person (announced, never called)`. */
  what: string;
}

/** The case's script and first message: the protocol's own when it has them, else the workload's. */
export function caseScript(
  protocol: OpenAIAgentsProtocol,
  workload: OpenAIAgentsWorkload,
): { script: readonly ScriptedTurn[]; input: string } {
  return { script: protocol.script ?? workload.script, input: protocol.input ?? workload.input };
}

/** The acts of a script: each tool call, and each handover to a person, called or only announced. */
export function scriptActs(script: readonly ScriptedTurn[], conversation: string): Act[] {
  const acts: Omit<Act, 'label'>[] = script.flatMap((turn) => [
    ...(turn.calls ?? []).map((call) => ({
      store: 'effects' as const,
      intention: toolIntention(call.name, call.args ?? {}),
      what: `${call.name} ${canonicalJson(call.args ?? {})}`,
    })),
    ...(turn.handoff?.toPerson
      ? [
          {
            store: 'human-queue' as const,
            intention: handoverIntention(conversation),
            what: `handover to a person${turn.handoff.announcedOnly ? ' (announced, never called)' : ''}`,
          },
        ]
      : []),
  ]);
  return acts.map((act, index) => ({ ...act, label: `act-${index + 1}` }));
}

/** The intention a table cell counts: the script's first act. */
export const TABLE_INTENTION = 'act-1';
