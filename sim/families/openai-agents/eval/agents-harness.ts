import { turnAt, type ConversationHarness, type ConversationOutcome, type PlayedConversation } from '../../../engine/conversation-harness.js';
import { FileMedium } from '../../../engine/connections.js';
import { importModule, protocolFromFile, ProtocolFileError } from '../../../engine/protocol-file.js';
import { runFamily, type FamilyOutcome } from '../../../engine/run-family.js';
import { conversationFamily } from './conversation-family.js';
import { evaluatedAgentsFromModule } from './evaluated-agents.js';

const medium = new FileMedium();

interface TurnEvent {
  turn: number;
  kind: 'handoff' | 'tripwire' | 'announced';
  layer: string | null;
  name: string | null;
}

/** Every text of a ticket, one a line: what the person is handed, whatever shape the user's ticket has. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * A played conversation read back from its stores: the first ticket in
 * human-queue.db is the handover (its time says its turn); its target is the
 * agent a handoff of that turn handed to, else the ticket's own `target`;
 * its reason the ticket's `reason`, else what opened it. A guardrail decided
 * when its tripwire tripped. A handover only announced opens no ticket.
 */
export function outcomeOf(outcome: FamilyOutcome): ConversationOutcome {
  const tickets = (outcome.state['human-queue']?.tickets ?? []) as { seq: number; ticket: string; created_at_ms: number }[];
  const events = (outcome.state.orchestrator?.turn_events ?? []) as unknown as TurnEvent[];
  const first = tickets[0];
  const handoverTurn = first ? turnAt(first.created_at_ms) : null;
  const ticket = first ? (JSON.parse(first.ticket) as Record<string, unknown>) : {};
  const inTurn = events.filter((event) => event.turn === handoverTurn);
  const handoff = inTurn.find((event) => event.kind === 'handoff');
  const tripwire = inTurn.find((event) => event.kind === 'tripwire');
  const announced = events.find((event) => event.kind === 'announced' && (handoverTurn === null || event.turn < handoverTurn));
  const decided = new Map(
    events.filter((event) => event.kind === 'tripwire').map((event) => [`${event.layer}/${event.name}`, { layer: event.layer ?? '', check: event.name ?? '' }]),
  );
  const run: ConversationOutcome = {
    handoverTurn,
    target: handoverTurn === null ? null : (handoff?.name ?? (typeof ticket.target === 'string' ? ticket.target : null)),
    reason:
      handoverTurn === null
        ? null
        : typeof ticket.reason === 'string'
          ? ticket.reason
          : handoff
            ? `handoff to ${handoff.name}`
            : tripwire
              ? `guardrail ${tripwire.name}`
              : 'ticket',
    context: first ? textsOf(ticket).join('\n') : '',
    guardrails: [...decided.values()],
    ...(announced ? { announcedTurn: announced.turn } : {}),
  };
  if (outcome.end.kind === 'error') run.error = outcome.end.message;
  return run;
}

/**
 * A user's SDK agents as a conversation harness: the module is checked once
 * (agents, and respond for the model), then imported afresh for each
 * conversation, which plays fault-free in its own folder.
 */
export async function agentsHarness(path: string, shownAs: string): Promise<ConversationHarness> {
  const checked = evaluatedAgentsFromModule(await importModule(path, { shownAs }), shownAs);
  if (typeof checked === 'string') throw new ProtocolFileError(checked);
  return {
    name: shownAs,
    async play(conversation: PlayedConversation, folder: string): Promise<ConversationOutcome> {
      const protocol = await protocolFromFile(conversationFamily, path, shownAs, `eval-${conversation.id}`);
      const outcome = await runFamily(conversationFamily, {
        protocol,
        workload: { conversation: conversation.id, turns: conversation.turns },
        folder,
        medium,
        plan: [],
        livesMax: 1,
      });
      return outcomeOf(outcome);
    },
  };
}
