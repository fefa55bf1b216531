import { receiverSchema } from '../../../protocols/receivers/schema.js';
import { applyToolCall, TOOL_CALLS_SCHEMA } from '../../../protocols/receivers/tool-calls.js';
import type { Effect, Receiver } from '../../../protocols/receivers/types.js';

/** The people's queue: one row per ticket, with the intention it was opened for. */
const TICKETS_SCHEMA = `
CREATE TABLE tickets (
  seq           INTEGER PRIMARY KEY,
  tenant        TEXT    NOT NULL,
  request_key   TEXT    NOT NULL,
  ticket        TEXT    NOT NULL,
  intention_id  TEXT    NOT NULL,
  created_at_ms INTEGER NOT NULL
);
`;

const openTicket: Effect = {
  apply(db, request, nowMs) {
    const row = db
      .prepare('INSERT INTO tickets (tenant, request_key, ticket, intention_id, created_at_ms) VALUES (?, ?, ?, ?, ?)')
      .run(request.tenant, request.key, JSON.stringify(request.payload), request.intentionId, nowMs);
    return { applied: { ticket: Number(row.lastInsertRowid) } };
  },
};

/** The remote API the agents' tools act on. Its reply can be lost after it committed: the cut `effect-applied`. */
export const EFFECTS_RECEIVER: Receiver = {
  name: 'effects',
  schema: receiverSchema(TOOL_CALLS_SCHEMA),
  effect: applyToolCall,
  appliedCut: 'effect-applied',
};

/** The queue a handoff to a person opens its ticket in. Its reply can be lost after it committed: the cut `ticket-opened`. */
export const HUMAN_QUEUE: Receiver = {
  name: 'human-queue',
  schema: receiverSchema(TICKETS_SCHEMA),
  effect: openTicket,
  appliedCut: 'ticket-opened',
};
