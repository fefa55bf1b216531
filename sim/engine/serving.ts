import type { Contract, JsonValue } from '../../protocols/receivers/types.js';
import type { Connection } from './connections.js';

/**
 * What a server (`sim serve`, the HTTP and MCP transports) needs of a
 * receiver beyond the family's Receiver: its request kind, its payload check
 * and its oracle. A family gives it for each receiver it serves.
 */
export interface ServingParts {
  /** The kind of request its effect applies: the HTTP path (POST /reserve) and the MCP write tool's name. */
  kind: string;
  /** Why a payload cannot be applied (refused before the contract, 422), or undefined. */
  payloadProblem(payload: JsonValue): string | undefined;
  /** Effects for a key, under one tenant or (tenant undefined) under every tenant. */
  countEffects(db: Connection, key: string, tenant: string | undefined): number;
  /** The tenants a key has effects under; absent for a receiver whose effects have no tenant. */
  tenantsOf?(db: Connection, key: string): string[];
  /** The tools an MCP server lists for it, each applying its effect by the tool's name; the one write tool `kind` when absent. */
  tools?: readonly string[];
  /** The receiver's own front door around whichever contract it is served with (the plan's tool server: call log, rate limiter). */
  frontDoor?(contract: Contract): Contract;
  /** What a fresh file needs beside its schema before the first request (the tool server's behaviour). */
  prepare?(db: Connection): void;
}
