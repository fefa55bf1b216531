import { findContract } from '../../../protocols/receivers/contracts.js';
import { receiverSchema } from '../../../protocols/receivers/schema.js';
import type { Contract, Effect, Receiver } from '../../../protocols/receivers/types.js';
import type { Connection } from '../../engine/connections.js';
import { immediateTransaction } from '../../engine/connections.js';
import type { HandoverGraph } from './graph.js';

/**
 * The server the graph's own acting tools reach: one effect row per call it
 * applied, and its routes (which contract each tool's endpoint keeps), set
 * from the graph as the server's configuration.
 */
const TOOL_SERVER_SCHEMA = receiverSchema(`
CREATE TABLE IF NOT EXISTS tool_routes (
  tool     TEXT PRIMARY KEY,
  contract TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tool_effects (
  id            INTEGER PRIMARY KEY,
  tenant        TEXT    NOT NULL,
  request_key   TEXT    NOT NULL,
  tool          TEXT    NOT NULL,
  arguments     TEXT    NOT NULL,
  intention_id  TEXT    NOT NULL, -- oracle tag for counting effects; no contract reads it
  applied_at_ms INTEGER NOT NULL
);
`);

const applyToolCall: Effect = {
  apply(db, request, nowMs) {
    const effect = db
      .prepare('INSERT INTO tool_effects (tenant, request_key, tool, arguments, intention_id, applied_at_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(request.tenant, request.key, request.kind, JSON.stringify(request.payload), request.intentionId, nowMs);
    return { applied: { effectId: Number(effect.lastInsertRowid), tool: request.kind } };
  },
};

/** The graph's own acting tools' server. Its reply can be lost after it committed: the cut `tool-applied`. */
export const TOOL_SERVER: Receiver = {
  name: 'tool-server',
  schema: TOOL_SERVER_SCHEMA,
  effect: applyToolCall,
  appliedCut: 'tool-applied',
};

/** Each call under the contract its tool's route names: the endpoint's rule, as the graph declared it. */
export const TOOL_ROUTES: Contract = {
  name: 'tool-routes',
  summary: "each tool's calls under the contract the graph declares for it",
  async handle(side, request) {
    const route = await side.transaction(
      (db) => db.prepare('SELECT contract FROM tool_routes WHERE tool = ?').get(request.kind) as { contract: string } | undefined,
    );
    const contract = route && findContract(route.contract);
    if (!contract) return { status: 'refused', reason: `the tool server has no endpoint ${request.kind}`, definitive: true };
    return contract.handle(side, request);
  },
};

/** Configures the tool server from the graph: a route for each tool that acts. */
export function routeTools(server: Connection, graph: HandoverGraph): void {
  immediateTransaction(server, (db) => {
    for (const [tool, declaration] of Object.entries(graph.tools ?? {}))
      if (declaration.acts !== undefined)
        db.prepare('INSERT OR REPLACE INTO tool_routes (tool, contract) VALUES (?, ?)').run(tool, declaration.acts);
  });
}
