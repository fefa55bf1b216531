import { receiverSchema } from '../../../protocols/receivers/schema.js';
import type { Effect, Receiver } from '../../../protocols/receivers/types.js';

/** The receiver's store: one row per applied effect, with the intention it was applied for. */
export const EFFECTS_SCHEMA = `
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

/** Any tool's effect: the call is applied as one row, whatever the tool. */
const applyToolCall: Effect = {
  apply(db, request, nowMs) {
    const row = db
      .prepare('INSERT INTO effects (tenant, request_key, tool, args, intention_id, applied_at_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(request.tenant, request.key, request.kind, JSON.stringify(request.payload), request.intentionId, nowMs);
    return { applied: { effect: Number(row.lastInsertRowid) } };
  },
};

/** The remote system the graph's tools act on. Its reply can be lost after it committed: the cut `effect-applied`. */
export const EFFECTS_RECEIVER: Receiver = {
  name: 'effects',
  schema: receiverSchema(EFFECTS_SCHEMA),
  effect: applyToolCall,
  appliedCut: 'effect-applied',
};
