import type { Connection } from '../../sim/engine/connections.js';
import type { ConversationRow, HandoverRow } from './store.js';
import type { HandoverContext } from './types.js';

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
  /** The order of a handover's two side effects: the ticket in the queue, the notice to the user. */
  handoverOrder: readonly ('ticket' | 'notice')[];
  /** What the operator's return does to the handover state, besides the operator's messages entering the transcript. */
  onReturn(db: Connection, conversation: ConversationRow): void;
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
  // The user is promised a person only once the person's ticket exists.
  handoverOrder: ['ticket', 'notice'],
  // The handover state is reset explicitly: the agents may answer again.
  onReturn: (db, conversation) => {
    db.prepare("UPDATE conversations SET handover_state = 'returned' WHERE id = ?").run(conversation.id);
  },
};
