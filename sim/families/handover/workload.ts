import type { ConversationEvent, HandoverSettings, ModelAction } from '../../../protocols/handover/types.js';
import type { AdversaryMove } from './adversarial-policy.js';
import { DEFAULT_GRAPH, returnMessagesOf, type HandoverGraph } from './graph.js';
import { FREE_FORM_WINDOW_MS } from './receivers.js';
import { byCodePoint } from '../../engine/code-point-order.js';

/** One event of a conversation as a workload states it: when it arrives, and what it says. */
export type ScriptedEvent = (
  { atMs: number; kind: 'user'; text: string } | { atMs: number; kind: 'operator-return'; messages: string[] }
) & {
  /** Its place in the conversation (from 0), when a workload holds only some of its events (a stress worker's share); else its index. */
  ordinal?: number;
  /** A log's agent turns just before it (ConversationEvent.agentLines). */
  agentLines?: string[];
};

export interface ConversationScript {
  id: string;
  tenant: string;
  events: ScriptedEvent[];
}

/** Which model plays the agents: the reference policy, a scripted (adversarial) one, or a user's module. */
export type PolicyChoice =
  | { kind: 'reference' }
  | { kind: 'scripted'; actions: ModelAction[] }
  | { kind: 'adversarial'; moves: AdversaryMove[] }
  | {
      kind: 'module';
      path: string;
      /** The wall time one call may take (`--model-timeout-ms`); MODEL_CALL_TIMEOUT_MS when absent. */
      callTimeoutMs?: number;
    };

/** What one case of the handover family asks for: the graph, the model, and the conversations as they arrive. */
export interface HandoverWorkload {
  graph: HandoverGraph;
  policy: PolicyChoice;
  conversations: ConversationScript[];
  /**
   * The user's guardrail rules (`--rules`), absolute: a JSON file or a module
   * every process life reads, ahead of the harness's built-in checks.
   */
  rules?: string;
}

/** The harness's limits plus the world's own timings, in virtual ms. */
export interface HandoverWorldSettings extends HandoverSettings {
  /** How long each call to a receiver takes on the wire. */
  callLatencyMs: number;
  /** How long a crashed process takes to come back. */
  restartDelayMs: number;
  /** A stress worker's clock is real and shared: the world never moves it (see world-time.ts); absent or false on the virtual clock. */
  realTime?: boolean;
}

export const DEFAULT_HANDOVER_SETTINGS: HandoverWorldSettings = {
  stepsMax: 8,
  transfersMax: 3,
  retryDelayMs: 1_000,
  freeFormWindowMs: FREE_FORM_WINDOW_MS,
  callLatencyMs: 100,
  restartDelayMs: 5_000,
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The table's day starts at 09:00 on the virtual clock, in the nurses' office hours. */
const NINE_AM_MS = 9 * HOUR_MS;

/**
 * The seed's case on a graph: a user who must reach a person. The router
 * hands the conversation over; ten minutes later the user writes again (no
 * agent may answer); the person (the graph's fallback) gives it back with
 * the lines the graph gives them; an hour later the user asks for an
 * appointment, which goes straight to the agent that has the conversation.
 */
export function tableWorkloadOn(graph: HandoverGraph): HandoverWorkload {
  return {
    graph,
    policy: { kind: 'reference' },
    conversations: [
      {
        id: 'c1',
        tenant: 'clinicA',
        events: [
          { atMs: NINE_AM_MS, kind: 'user', text: 'I have chest pain since this morning, can I talk to a nurse?' },
          { atMs: NINE_AM_MS + 10 * MINUTE_MS, kind: 'user', text: 'Hello? Is anyone there?' },
          { atMs: NINE_AM_MS + 30 * MINUTE_MS, kind: 'operator-return', messages: returnMessagesOf(graph, graph.fallbackHuman) },
          { atMs: NINE_AM_MS + 90 * MINUTE_MS, kind: 'user', text: 'Thanks. Can I book an appointment for friday?' },
        ],
      },
    ],
  };
}

/** The seed's case on the seed's graph: the nurse. */
export const TABLE_WORKLOAD: HandoverWorkload = tableWorkloadOn(DEFAULT_GRAPH);

/** The handover whose ticket fills a table cell: conversation c1's first. */
export const TABLE_INTENTION = 'c1#1';

/** Every event of the workload, as the channel delivers them: by arrival time, then conversation, then order. */
export function deliverySchedule(workload: HandoverWorkload): ConversationEvent[] {
  const events = workload.conversations.flatMap((conversation) =>
    conversation.events.map((event, index): ConversationEvent => {
      const ordinal = event.ordinal ?? index;
      const identity = {
        conversationId: conversation.id,
        tenant: conversation.tenant,
        eventId: `e${ordinal + 1}`,
        ordinal,
        atMs: event.atMs,
        ...(event.agentLines === undefined ? {} : { agentLines: event.agentLines }),
      };
      return event.kind === 'user'
        ? { ...identity, kind: 'user', text: event.text }
        : { ...identity, kind: 'operator-return', messages: event.messages };
    }),
  );
  return events.sort((a, b) => a.atMs - b.atMs || byCodePoint(a.conversationId, b.conversationId) || a.ordinal - b.ordinal);
}

/**
 * What `sim explore` explores: `count` conversations (tenants alternate) of
 * one user who books with the appointments agent, asks it for a nurse,
 * writes while the nurse has the conversation, gets it back, and asks the
 * agent again: every rule of the harness meets a crash somewhere in it.
 */
export function exploreConversations(count: number): HandoverWorkload {
  return {
    graph: DEFAULT_GRAPH,
    policy: { kind: 'reference' },
    conversations: Array.from({ length: count }, (_, n) => ({
      id: `c${n + 1}`,
      tenant: n % 2 === 0 ? 'clinicA' : 'clinicB',
      events: [
        { atMs: NINE_AM_MS, kind: 'user' as const, text: 'Can I book an appointment for monday?' },
        { atMs: NINE_AM_MS + 10 * MINUTE_MS, kind: 'user' as const, text: 'I want to talk to a nurse.' },
        { atMs: NINE_AM_MS + 20 * MINUTE_MS, kind: 'user' as const, text: 'Hello?' },
        { atMs: NINE_AM_MS + 30 * MINUTE_MS, kind: 'operator-return' as const, messages: ['Nurse: answered.'] },
        { atMs: NINE_AM_MS + 40 * MINUTE_MS, kind: 'user' as const, text: 'Thanks, please move it to friday.' },
      ],
    })),
  };
}
