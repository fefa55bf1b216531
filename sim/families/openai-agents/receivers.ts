import { receiverSchema } from '../../../protocols/receivers/schema.js';
import type { Effect, Receiver } from '../../../protocols/receivers/types.js';

/** The tools' API: one row per applied effect, with the intention it was applied for. */
const EFFECTS_SCHEMA = `
CREATE TABLE effects (
  seq           INTEGER PRIMARY KEY,
  tenant        TEXT    NOT NULL,
  request_key   TEXT    NOT NULL,
  tool          TEXT    NOT NULL,
  args          TEXT    NOT NULL,
  intention_id  TEXT    NOT NULL,
  applied_at_ms INTEGER NOT NULL
);
`;

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

const applyToolCall: Effect = {
  apply(db, request, nowMs) {
    const row = db
      .prepare('INSERT INTO effects (tenant, request_key, tool, args, intention_id, applied_at_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(request.tenant, request.key, request.kind, JSON.stringify(request.payload), request.intentionId, nowMs);
    return { applied: { effect: Number(row.lastInsertRowid) } };
  },
};

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
  schema: receiverSchema(EFFECTS_SCHEMA),
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
