import { canonicalJson } from './fingerprint.js';
import type { Effect, JsonValue } from './types.js';

/** The intention a tool call stands for when its module names none: the tool and its arguments, whatever key is sent. */
export function toolIntention(tool: string, args: Record<string, JsonValue>): string {
  return `${tool}:${canonicalJson(args)}`;
}

/**
 * A remote API that tools of an agent framework act on, whatever the tool:
 * one row per applied call, with the intention it was applied for. The
 * framework families' receivers keep their effects here, under the contract
 * the user's module names.
 */
export const TOOL_CALLS_SCHEMA = `
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

/** Any tool's effect: the call is applied as one row of `effects`. */
export const applyToolCall: Effect = {
  apply(db, request, nowMs) {
    const row = db
      .prepare('INSERT INTO effects (tenant, request_key, tool, args, intention_id, applied_at_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(request.tenant, request.key, request.kind, JSON.stringify(request.payload), request.intentionId, nowMs);
    return { applied: { effect: Number(row.lastInsertRowid) } };
  },
};
