/**
 * A conversation played through a harness another family brings (a
 * framework's agents), for an evaluation that judges what the harness
 * decided: the handover evaluation plays each labelled conversation of its
 * suite through it and judges the outcome as it judges its own harness's.
 */

/** The turns of an evaluated conversation arrive ten virtual minutes apart from 09:00, whichever harness plays them. */
const FIRST_TURN_MS = 9 * 3_600_000;
const TURN_GAP_MS = 10 * 60_000;

/** When the n-th turn (0-based) arrives, on the virtual clock. */
export function turnArrivalMs(n: number): number {
  return FIRST_TURN_MS + n * TURN_GAP_MS;
}

/** The 1-based turn whose arrival an effect committed at `atMs` followed: the turn a labeller counts. */
export function turnAt(atMs: number): number {
  return Math.floor((atMs - FIRST_TURN_MS) / TURN_GAP_MS) + 1;
}

/** Who wrote a turn: the user, the agents (a log's reply, not replayed), or an operator giving the conversation back. */
export type ConversationRole = 'user' | 'agent' | 'operator';

export interface ConversationTurn {
  role: ConversationRole;
  text: string;
}

export interface PlayedConversation {
  /** Names the conversation's stores and the module instance it runs on. */
  id: string;
  turns: readonly ConversationTurn[];
}

/** What the harness did with one conversation, read back from its stores. */
export interface ConversationOutcome {
  /** The 1-based turn whose message led to the first handover to a person, or null when nobody was handed the conversation. */
  handoverTurn: number | null;
  target: string | null;
  reason: string | null;
  /** What the person is handed: the ticket's text. */
  context: string;
  /** Every guardrail that decided something in this conversation, by layer (before, around, after the model; tool) and name. */
  guardrails: { layer: string; check: string }[];
  /** The first turn whose reply says a person takes over when no handover was made (counted as no handover). */
  announcedTurn?: number;
  /** Why the conversation could not be played to its end (the agents threw, the model answered nothing usable). */
  error?: string;
}

export interface ConversationHarness {
  /** The module as the user gave it. */
  readonly name: string;
  /** Plays one conversation, fault-free, on the virtual clock, with its stores in `folder`. */
  play(conversation: PlayedConversation, folder: string): Promise<ConversationOutcome>;
}
