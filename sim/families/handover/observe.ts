import type { Connection } from '../../engine/connections.js';
import type { Observation, StoreReader, TableRows } from '../../engine/family.js';
import type { HandoverSpec } from './world.js';

interface Ticket {
  conversation_id: string;
  intention_id: string;
  created_at_ms: number;
  resolved_at_ms: number | null;
  resolved_by: string | null;
}
interface Message {
  conversation_id: string;
  kind: 'reply' | 'notice' | 'template';
  event_id: string;
  intention_id: string;
  sent_at_ms: number;
}
interface Inbound {
  conversation_id: string;
  event_id: string;
  ordinal: number;
  delivered_seq: number;
  kind: 'user' | 'operator-return';
  received_at_ms: number;
}
interface TranscriptRow {
  conversation_id: string;
  role: string;
}

const everyTable = (db: Connection): Record<string, TableRows> =>
  Object.fromEntries(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(({ name }) => [
      name,
      db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as TableRows,
    ]),
  );

/**
 * What a handover case left, counted from the files with the checker's own
 * connections: tickets per handover (N), and the invariants the seed states,
 * each measured from what the queue and the channel hold, not from what the
 * harness believes.
 */
export function observeHandover(read: StoreReader, spec: HandoverSpec): Observation {
  const orchestrator = read('orchestrator', everyTable);
  const queue = read('human-queue', everyTable);
  const channel = read('message-channel', everyTable);
  const tickets = (queue.tickets ?? []) as unknown as Ticket[];
  const messages = (channel.messages ?? []) as unknown as Message[];
  const inbound = (channel.inbound ?? []) as unknown as Inbound[];
  const transcript = (orchestrator.transcript ?? []) as unknown as TranscriptRow[];
  const handovers = (orchestrator.handovers ?? []) as unknown as { conversation_id: string; seq: number }[];
  const sequences = (orchestrator.conversations ?? []) as unknown as { id: string; handover_seq: number }[];
  const modelCalls = (orchestrator.model_calls ?? []) as unknown as { outcome: string }[];

  // Every handover the harness committed (its state says a person has it, its row says what to send), and every one the
  // queue holds a ticket for, counts: N=0 is a result too.
  const decided = sequences.flatMap((c) => Array.from({ length: c.handover_seq }, (_, n) => `${c.id}#${n + 1}`));
  const intentions = new Set([...decided, ...handovers.map((h) => `${h.conversation_id}#${h.seq}`), ...tickets.map((t) => t.intention_id)]);
  const effects: Record<string, number> = {};
  const metrics: Record<string, number> = {};
  for (const intention of [...intentions].sort()) {
    const own = tickets.filter((ticket) => ticket.intention_id === intention);
    effects[intention] = own.length;
    const notices = messages.filter((message) => message.intention_id === intention);
    metrics[`notices:${intention}`] = notices.length;
    // A notice sent before the first ticket of its handover existed, or without any ticket: a promise nobody holds.
    const firstTicketMs = Math.min(...own.map((ticket) => ticket.created_at_ms));
    metrics[`noticesBeforeTicket:${intention}`] = notices.filter((notice) => !(notice.sent_at_ms > firstTicketMs)).length;
  }

  const conversations = [...new Set(spec.workload.conversations.map((conversation) => conversation.id))];
  let transfersMax = 0;
  let repliesWhileWithHuman = 0;
  let unansweredAfterReturn = 0;
  let freeFormOutsideWindow = 0;
  for (const id of conversations) {
    transfersMax = Math.max(transfersMax, transcript.filter((row) => row.conversation_id === id && row.role === 'transfer').length);
    const own = tickets.filter((ticket) => ticket.conversation_id === id);
    const replies = messages.filter((message) => message.conversation_id === id && message.kind === 'reply');
    // While a person has the conversation (from its handover's first ticket to the operator's return) no agent
    // reply may reach the user. A duplicate ticket left open does not extend the window: the person gave it back.
    const windows = [...new Set(own.map((ticket) => ticket.intention_id))].map((intention) => {
      const mine = own.filter((ticket) => ticket.intention_id === intention);
      const resolved = mine.flatMap((ticket) => (ticket.resolved_at_ms === null ? [] : [ticket.resolved_at_ms]));
      return {
        fromMs: Math.min(...mine.map((ticket) => ticket.created_at_ms)),
        toMs: resolved.length > 0 ? Math.min(...resolved) : Infinity,
      };
    });
    repliesWhileWithHuman += replies.filter((reply) =>
      windows.some((window) => reply.sent_at_ms > window.fromMs && reply.sent_at_ms < window.toMs),
    ).length;
    // After the operator gave it back, every message of the user is answered (a reply, or a handover's notice),
    // up to the message that hands the conversation to a person again, in the order the channel delivered them
    // (an operator's return is delivered when the operator resolves the ticket, which may wait for one).
    const mine = inbound.filter((event) => event.conversation_id === id);
    const seqOf = new Map(mine.map((event) => [event.event_id, event.delivered_seq]));
    const lastReturn = Math.max(-1, ...own.flatMap((ticket) => (ticket.resolved_by === null ? [] : [seqOf.get(ticket.resolved_by) ?? -1])));
    if (lastReturn >= 0) {
      const nextHandover = Math.min(
        ...messages
          .filter((message) => message.conversation_id === id && message.intention_id.includes('#'))
          .map((message) => seqOf.get(message.event_id) ?? Infinity)
          .filter((seq) => seq > lastReturn),
      );
      unansweredAfterReturn += mine.filter(
        (event) =>
          event.kind === 'user' &&
          event.delivered_seq > lastReturn &&
          event.delivered_seq <= nextHandover &&
          !messages.some((message) => message.conversation_id === id && message.event_id === event.event_id),
      ).length;
    }
    const userTimes = inbound.filter((event) => event.conversation_id === id && event.kind === 'user').map((event) => event.received_at_ms);
    freeFormOutsideWindow += messages.filter((message) => {
      if (message.conversation_id !== id || message.kind === 'template') return false;
      const lastUserMs = Math.max(-Infinity, ...userTimes.filter((atMs) => atMs <= message.sent_at_ms));
      return message.sent_at_ms - lastUserMs > spec.settings.freeFormWindowMs;
    }).length;
  }
  Object.assign(metrics, {
    transfersMax,
    transferCap: spec.settings.transfersMax,
    stepsMax: spec.settings.stepsMax,
    repliesWhileWithHuman,
    unansweredAfterReturn,
    freeFormOutsideWindow,
    handovers: handovers.length,
    tickets: tickets.length,
    // As the harness logged them: whether a user's --policy was exercised at all (policy-calls.ts).
    modelCalls: modelCalls.length,
    modelCallsAnswered: modelCalls.filter((call) => call.outcome === 'answered').length,
  });
  const toolServer = read('tool-server', everyTable);
  return { effects, metrics, state: { orchestrator, 'human-queue': queue, 'message-channel': channel, 'tool-server': toolServer } };
}
