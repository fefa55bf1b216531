import { HARNESS_REASONS, TRANSFER_REASONS } from '../../../protocols/handover/types.js';
import type { JudgedRun, TableRows } from '../../engine/family.js';
import type { History } from '../../engine/history.js';
import type { Violation } from '../../engine/verdict.js';
import type { HandoverWorkload } from './workload.js';

/** Verdict kinds, grouped as a checker reports them. */
export type HandoverViolationKind =
  | 'duplicate'
  | 'lost'
  | 'early-notice'
  | 'cap'
  | 'graph'
  | 'steps'
  | 'replied-while-with-human'
  | 'window'
  | 'rerouted'
  | 'unanswered'
  | 'stuck'
  | 'error';

export type HandoverViolation = Violation<HandoverViolationKind>;

/** What a check reads: the case's observation and how its lives ended, and its history when there is one. */
export type JudgedHandover = JudgedRun & { history?: History };

/** One check of a finished case, from its files (and history); the limits it checks against are in the metrics. */
export type HandoverCheck = (workload: HandoverWorkload, outcome: JudgedHandover) => HandoverViolation | undefined;

const rows = <T>(outcome: JudgedHandover, store: string, table: string): T[] => (outcome.state[store]?.[table] ?? []) as TableRows as T[];

/** The run ended: a life completed and the quiet life after it too. */
export const ranToEnd: HandoverCheck = (_workload, outcome) => {
  if (outcome.end.kind === 'error') return { kind: 'error', message: `the harness failed: ${outcome.end.message}` };
  if (outcome.end.kind !== 'completed') return { kind: 'stuck', message: `no life completed within ${outcome.end.livesMax} lives` };
  return undefined;
};

/** Once faults stop, every event the harness received is handled. */
export const everyEventHandled: HandoverCheck = (_workload, outcome) => {
  const open = rows<{ conversation_id: string; event_id: string; state: string }>(outcome, 'orchestrator', 'events').filter(
    (event) => event.state !== 'handled',
  );
  return open.length === 0
    ? undefined
    : {
        kind: 'stuck',
        message: `events left unhandled after the quiet life: ${open.map((e) => `${e.conversation_id}/${e.event_id}`).join(', ')}`,
      };
};

/** Each handover has exactly one ticket, the user is notified exactly once, and only after the ticket exists. */
export const handoverExactlyOnce: HandoverCheck = (_workload, outcome) => {
  const { effects, metrics } = outcome;
  for (const [intention, tickets] of Object.entries(effects)) {
    if (tickets > 1) return { kind: 'duplicate', message: `handover ${intention}: ${tickets} tickets in the human queue` };
    if (tickets < 1) return { kind: 'lost', message: `handover ${intention}: no ticket in the human queue` };
    const notices = metrics[`notices:${intention}`] ?? 0;
    if (notices !== 1)
      return { kind: notices > 1 ? 'duplicate' : 'lost', message: `handover ${intention}: ${notices} notices to the user` };
    if ((metrics[`noticesBeforeTicket:${intention}`] ?? 0) > 0)
      return { kind: 'early-notice', message: `handover ${intention}: the user was told a person will answer before the ticket existed` };
  }
  return undefined;
};

/** Each call of a graph's own acting tool (one key: the conversation, the message, the call) applied at most once by the tool server. */
export const toolActsOnce: HandoverCheck = (_workload, outcome) => {
  const keys = rows<{ tool: string; intention_id: string }>(outcome, 'tool-server', 'tool_effects').map((row) => row.intention_id);
  const twice = keys.find((key, at) => keys.indexOf(key) !== at);
  if (twice === undefined) return undefined;
  return { kind: 'duplicate', message: `tool call ${twice}: ${keys.filter((key) => key === twice).length} effects in the tool server` };
};

/** Transfers between agents per conversation stay within the cap, across every life. */
export const withinCap: HandoverCheck = (_workload, outcome) => {
  const transfers = outcome.metrics.transfersMax ?? 0;
  const cap = outcome.metrics.transferCap ?? 0;
  return transfers > cap ? { kind: 'cap', message: `${transfers} transfers between agents in one conversation, cap ${cap}` } : undefined;
};

/** No transfer leaves the graph, and nothing invalid is executed: every target is an edge, every reason allowed. */
export const staysInGraph: HandoverCheck = (workload, outcome) => {
  const { graph } = workload;
  for (const row of rows<{ role: string; agent: string; target: string }>(outcome, 'orchestrator', 'transcript')) {
    if (row.role === 'transfer' && !graph.agents[row.agent]?.edges.includes(row.target))
      return { kind: 'graph', message: `a transfer from ${row.agent} to ${row.target}, which is not one of its edges` };
  }
  for (const handover of rows<{ from_agent: string; target: string; reason: string }>(outcome, 'orchestrator', 'handovers')) {
    const byModel =
      (TRANSFER_REASONS as readonly string[]).includes(handover.reason) &&
      graph.agents[handover.from_agent]?.edges.includes(handover.target);
    const byHarness = (HARNESS_REASONS as readonly string[]).includes(handover.reason) && handover.target === graph.fallbackHuman;
    if (!byModel && !byHarness)
      return {
        kind: 'graph',
        message: `a handover from ${handover.from_agent} to ${handover.target} (${handover.reason}) outside the graph`,
      };
  }
  return undefined;
};

/** The loop ends within max_steps for every message, over every life. */
export const boundedLoop: HandoverCheck = (_workload, outcome) => {
  const stepsMax = outcome.metrics.stepsMax ?? 0;
  const over = rows<{ event_id: string; steps: number }>(outcome, 'orchestrator', 'events').find((event) => event.steps > stepsMax);
  return over ? { kind: 'steps', message: `event ${over.event_id} took ${over.steps} steps, max ${stepsMax}` } : undefined;
};

/** No agent reply reaches the user while a person has the conversation. */
export const silentWhileWithHuman: HandoverCheck = (_workload, outcome) => {
  const replies = outcome.metrics.repliesWhileWithHuman ?? 0;
  return replies > 0
    ? { kind: 'replied-while-with-human', message: `${replies} agent replies sent while a person had the conversation` }
    : undefined;
};

/** No free-form message outside the 24-hour window, and the harness never even tried one (the channel would refuse it). */
export const withinWindow: HandoverCheck = (_workload, outcome) => {
  const outside = outcome.metrics.freeFormOutsideWindow ?? 0;
  if (outside > 0) return { kind: 'window', message: `${outside} free-form messages more than 24 hours after the user's last message` };
  const refused = outcome.history
    ?.all()
    .find((event) => event.op === 'send_message' && JSON.stringify(event.value ?? '').includes('outside-24h-window'));
  return refused
    ? { kind: 'window', message: 'the harness sent a free-form message the channel refused as outside the 24-hour window' }
    : undefined;
};

/**
 * A message goes to the active agent, also after a restart: replaying the
 * transcript (transfers move the conversation, a handover gives it to a
 * person, a return gives it back), the first agent to act on each user
 * message is the one that had the conversation.
 */
export const toActiveAgent: HandoverCheck = (workload, outcome) => {
  const transcript = rows<{ conversation_id: string; event_id: string; role: string; agent: string | null; target: string | null }>(
    outcome,
    'orchestrator',
    'transcript',
  );
  const userEvents = new Set(transcript.filter((row) => row.role === 'user').map((row) => `${row.conversation_id}/${row.event_id}`));
  const state = new Map<string, { active: string; withHuman: boolean; from: string }>();
  const acted = new Set<string>();
  for (const row of transcript) {
    const event = `${row.conversation_id}/${row.event_id}`;
    const current = state.get(row.conversation_id) ?? {
      active: workload.graph.entry,
      withHuman: false,
      from: workload.graph.entry,
    };
    state.set(row.conversation_id, current);
    if (row.role !== 'user' && userEvents.has(event) && !acted.has(event)) {
      acted.add(event);
      if (!current.withHuman && row.agent !== current.active) {
        return { kind: 'rerouted', message: `${event} went to ${row.agent ?? 'nobody'} while ${current.active} had the conversation` };
      }
    }
    if (row.role === 'transfer' && row.target) current.active = row.target;
    if (row.role === 'handover' && row.target)
      Object.assign(current, { withHuman: true, from: row.agent ?? current.active, active: row.target });
    if (row.role === 'operator') Object.assign(current, { withHuman: false, active: current.from });
  }
  return undefined;
};

/** After the operator gives the conversation back, the user's messages are answered again. */
export const answeredAfterReturn: HandoverCheck = (_workload, outcome) => {
  const unanswered = outcome.metrics.unansweredAfterReturn ?? 0;
  return unanswered > 0
    ? { kind: 'unanswered', message: `${unanswered} user messages after the operator's return got no answer` }
    : undefined;
};

/** The first violation of the checks, in order (Jepsen's compose, reporting one). */
export function firstViolation(
  workload: HandoverWorkload,
  outcome: JudgedHandover,
  checks: readonly HandoverCheck[],
): HandoverViolation | undefined {
  for (const check of checks) {
    const violation = check(workload, outcome);
    if (violation) return violation;
  }
  return undefined;
}

/** Everything the reference harness must hold, safety and then liveness: the family's judge. */
export const ALL_HANDOVER_CHECKS: readonly HandoverCheck[] = [
  ranToEnd,
  handoverExactlyOnce,
  toolActsOnce,
  withinCap,
  staysInGraph,
  boundedLoop,
  silentWhileWithHuman,
  withinWindow,
  toActiveAgent,
  answeredAfterReturn,
  everyEventHandled,
];
