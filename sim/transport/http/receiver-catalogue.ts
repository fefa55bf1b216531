import { TOOL_SERVER_TOOLS } from '../../../protocols/plan/plan-tools.js';
import { CONTRACTS } from '../../../protocols/receivers/contracts.js';
import type { Contract, JsonValue, Receiver } from '../../../protocols/receivers/types.js';
import type { Connection } from '../../engine/connections.js';
import { FAMILIES } from '../../families.js';
import { readEnvelope } from '../../families/plan/tool-call-envelope.js';
import { toolFrontDoor } from '../../families/plan/tool-front-door.js';
import { CALM_TOOLS } from '../../families/plan/tool-behaviour.js';

/** A receiver a server can stand in front of: its store, its contracts, and how its effects are counted for the oracle. */
export interface ServableReceiver {
  receiver: Receiver;
  /** The kind of request its effect applies: the HTTP path (POST /reserve) and the MCP write tool's name. */
  kind: string;
  contracts: readonly Contract[];
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

/** What a server needs of a receiver beyond the family's Receiver: its request kind, its payload check and its oracle. */
type ServingParts = Omit<ServableReceiver, 'receiver' | 'contracts'>;

/**
 * Per receiver name, what serving it takes. The Receiver interface has no
 * oracle count or payload check yet; if it gets them (a suggestion for
 * protocols/receivers/types.ts), this table goes and every family's
 * receivers become servable as they are.
 */
const SERVING: Readonly<Record<string, ServingParts>> = {
  warehouse: {
    kind: 'reserve',
    payloadProblem(payload) {
      const fields = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
      const { part, qty } = fields as { part?: JsonValue; qty?: JsonValue };
      const valid = typeof part === 'string' && part !== '' && typeof qty === 'number' && Number.isSafeInteger(qty) && qty >= 1;
      return valid ? undefined : 'a reservation is {"part": a non-empty string, "qty": a whole number from 1}';
    },
    countEffects(db, key, tenant) {
      const row =
        tenant === undefined
          ? db.prepare('SELECT count(*) AS n FROM reservations WHERE request_key = ?').get(key)
          : db.prepare('SELECT count(*) AS n FROM reservations WHERE tenant = ? AND request_key = ?').get(tenant, key);
      return (row as { n: number }).n;
    },
    tenantsOf(db, key) {
      const rows = db.prepare('SELECT DISTINCT tenant FROM reservations WHERE request_key = ? ORDER BY tenant').all(key);
      return (rows as { tenant: string }[]).map((row) => row.tenant);
    },
  },
  'tool-server': {
    kind: 'write_file',
    // Every tool a plan may call without declaring it (the seed plan's verify among them), from the list plans are checked against.
    tools: TOOL_SERVER_TOOLS,
    payloadProblem(payload) {
      const envelope = readEnvelope(payload);
      return typeof envelope === 'string' ? envelope : undefined;
    },
    countEffects(db, key) {
      return (db.prepare('SELECT count(*) AS n FROM writes WHERE request_key = ?').get(key) as { n: number }).n;
    },
    frontDoor: toolFrontDoor,
    // A served tool server behaves as the seed's calm one unless its file was given a behaviour before it started.
    prepare(db) {
      db.prepare('INSERT OR IGNORE INTO tool_config (id, body) VALUES (1, ?)').run(JSON.stringify(CALM_TOOLS));
    },
  },
};

/**
 * The one place `sim serve` and the transports look receivers up: every
 * family's receivers (sim/families.ts) that the table above knows how to serve,
 * each with every generic contract.
 */
export function servableReceivers(): readonly ServableReceiver[] {
  const receivers = new Map(FAMILIES.flatMap((family) => family.receivers).map((receiver) => [receiver.name, receiver]));
  return [...receivers.values()].flatMap((receiver) => {
    const parts = SERVING[receiver.name];
    return parts ? [{ receiver, contracts: CONTRACTS, ...parts }] : [];
  });
}

export function findServableReceiver(name: string): ServableReceiver | undefined {
  return servableReceivers().find((servable) => servable.receiver.name === name);
}
