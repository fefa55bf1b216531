import type { Connection } from '../../sim/engine/connections.js';
import { decide, type Decide } from '../../sim/families/handover/rules/decide.js';
import type { GuardTrigger } from './guardrails/guard-trigger.js';
import { INPUT_CHECKS, type InputCheck } from './guardrails/input-checks.js';
import { OUTPUT_CHECKS, type OutputCheck, type OutputClassifier } from './guardrails/output-checks.js';
import { userConfirms, type ConfirmationGate } from './tools/confirmation.js';
import { REFERENCE_TOOLS } from './tools/reference-tools.js';
import type { SandboxedTool } from './tools/sandboxed-tool.js';
import type { ReceiverReply } from '../receivers/types.js';
import type { ConversationRow, HandoverRow } from './store.js';
import { ticketRequest } from './ticket.js';
import type { HandoverContext } from './types.js';

/**
 * The two writes of a handover the harness decided, each to run inside a
 * transaction the writeHandover seam opens on `ctx.orchestrator`.
 */
export interface HandoverWrites {
  /**
   * The handover state: a person has the conversation (and is its active
   * agent), the handover's line in the transcript, the guardrail's log when
   * one decided it. False when a person has the conversation already: nothing
   * is to be handed over; the harness sends what the event recorded (a
   * guardrail's fixed line), then the event is handled.
   */
  state(db: Connection): boolean;
  /**
   * The ticket's record: the handover's row, which the ticket and the notice
   * are sent from and which a later life's resume finds. Written after
   * `state` (in its transaction or a later one), under the sequence `state`
   * gave the handover. Returns it (the row this event wrote earlier, when it
   * did).
   */
  ticket(db: Connection): HandoverRow;
}

/**
 * The named seams of the harness. The reference fills each with the correct
 * choice; a flawed variant is one file that replaces one seam, so its whole
 * difference is in that file.
 */
export interface HarnessSeams {
  /** Where the count of transfers between agents is kept; the cap is enforced against it. */
  transferCount: {
    read(ctx: HandoverContext, conversation: ConversationRow): number;
    add(ctx: HandoverContext, db: Connection, conversation: ConversationRow): void;
  };
  /** Where the active agent is kept; the next message goes to it. */
  activeAgent: {
    read(ctx: HandoverContext, conversation: ConversationRow): string;
    write(ctx: HandoverContext, db: Connection, conversation: ConversationRow, agent: string): void;
  };
  /** Which agent answers a user's message while a person has the conversation. */
  answererWhileWithHuman(handover: HandoverRow | undefined): string | null;
  /**
   * How a handover to a person is committed: `writes.state` and
   * `writes.ticket`, in transactions of the seam's choosing. Returns the
   * handover's row, or null when nothing was handed over. The reference
   * commits both in one transaction: a crash leaves either a person with the
   * conversation and a ticket to send, or neither.
   */
  writeHandover(ctx: HandoverContext, writes: HandoverWrites): Promise<HandoverRow | null>;
  /**
   * Sends a handover's ticket to the human queue and returns the queue's
   * reply. A reply that settles is recorded on the handover's row; until one
   * is, the harness calls this again (a later drain, a later life), so the
   * request it sends must be the same each time. The reference sends
   * `ticketRequest(handover, conversation)`, keyed by the handover.
   */
  enqueueTicket(ctx: HandoverContext, handover: HandoverRow, conversation: ConversationRow): Promise<ReceiverReply>;
  /** The order of a handover's two side effects: the ticket in the queue, the notice to the user. */
  handoverOrder: readonly ('ticket' | 'notice')[];
  /** What the operator's return does to the handover state, besides the operator's messages entering the transcript. */
  onReturn(db: Connection, conversation: ConversationRow): void;
  /** The checks on a user's message before the model: the first that triggers decides, and the model is not called. */
  inputChecks: readonly InputCheck[];
  /** The checks on what the model wrote before the user sees it, then the optional classifier. */
  outputChecks: readonly OutputCheck[];
  outputClassifier: OutputClassifier | undefined;
  /** What the harness does when the model is down or too slow: a trigger to act on, or drop the message. */
  onModelUnavailable(trigger: GuardTrigger): GuardTrigger | 'drop';
  /** The rules the intake's triage tool asks. */
  decide: Decide;
  /** The tools' implementations, run in the sandbox. */
  tools: Readonly<Record<string, SandboxedTool>>;
  /** Whether an irreversible call may run now, or must first be confirmed by the user. */
  confirmIrreversible: ConfirmationGate;
}

/** The reference: everything the seed says must survive a restart is in the conversation store. */
export const REFERENCE_SEAMS: HarnessSeams = {
  transferCount: {
    read: (_ctx, conversation) => conversation.transfer_count,
    add: (_ctx, db, conversation) => {
      db.prepare('UPDATE conversations SET transfer_count = transfer_count + 1 WHERE id = ?').run(conversation.id);
    },
  },
  activeAgent: {
    read: (_ctx, conversation) => conversation.active_agent,
    write: (_ctx, db, conversation, agent) => {
      db.prepare('UPDATE conversations SET active_agent = ? WHERE id = ?').run(agent, conversation.id);
    },
  },
  // After a handover to a person the agents stop replying: nobody answers until the operator gives it back.
  answererWhileWithHuman: () => null,
  writeHandover: (ctx, writes) => ctx.orchestrator.transaction((db) => (writes.state(db) ? writes.ticket(db) : null)),
  enqueueTicket: (ctx, handover, conversation) => ctx.receiver('human-queue').send(ticketRequest(handover, conversation)),
  // The user is promised a person only once the person's ticket exists.
  handoverOrder: ['ticket', 'notice'],
  // The handover state is reset explicitly: the agents may answer again.
  onReturn: (db, conversation) => {
    db.prepare("UPDATE conversations SET handover_state = 'returned' WHERE id = ?").run(conversation.id);
  },
  inputChecks: INPUT_CHECKS,
  outputChecks: OUTPUT_CHECKS,
  outputClassifier: undefined,
  // "We are having trouble; a person will answer you" beats silence.
  onModelUnavailable: (trigger) => trigger,
  decide,
  tools: REFERENCE_TOOLS,
  confirmIrreversible: userConfirms,
};
