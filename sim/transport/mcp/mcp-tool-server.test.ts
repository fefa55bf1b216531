import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS, type JsonValue, type ReceiverRequest } from '../../../protocols/receivers/types.js';
import type { ToolCallEnvelope } from '../../families/plan/tool-call-envelope.js';
import { CALM_TOOLS, type ToolBehaviour } from '../../families/plan/tool-behaviour.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { NO_FAULTS } from '../http/fault-plan.js';
import { startFaultProxy, type FaultProxy } from '../http/fault-proxy.js';
import { findServableReceiver } from '../http/receiver-catalogue.js';
import type { RunningServer } from '../http/receiver-server.js';
import { portAcceptsConnections } from '../http/server-process.js';
import { wallClockMs } from '../http/wall-clock.js';
import { RATE_LIMITED } from '../http/wire.js';
import { McpReceiverClient } from './mcp-receiver-client.js';
import { startMcpReceiverServer } from './mcp-receiver-server.js';

/**
 * The plan family's tool server as an MCP server: its tools are MCP tools,
 * the idempotency key travels in their arguments (MCP has no transactions),
 * and its front door (call log, token bucket, slow tools) runs server-side
 * on its own SQLite file, on the virtual now each call carries.
 */
const folder = tempFolder('mcp-tool-server');
const toolServer = findServableReceiver('tool-server')!;
/** Three calls at once, then 429; the second call the server receives takes 45 s, past a 30 s timeout. */
const BEHAVIOUR: ToolBehaviour = { ...CALM_TOOLS, rateLimit: { requestsPerMinute: 60, burst: 3 }, slowCalls: { '2': 45_000 } };
const servers: RunningServer[] = [];
const clients: McpReceiverClient[] = [];
let keyed: { url: string; db: string };
let unkeyed: { url: string; db: string };
let proxy: FaultProxy;

/** A fresh tool-server file given this case's behaviour, served behind MCP with the contract named. */
async function serve(name: string, contractName: string): Promise<{ url: string; db: string }> {
  const db = join(folder, `${name}.db`);
  const seed = new Database(db);
  seed.exec(toolServer.receiver.schema);
  seed.prepare('INSERT INTO tool_config (id, body) VALUES (1, ?)').run(JSON.stringify(BEHAVIOUR));
  seed.close();
  const contract = toolServer.contracts.find((candidate) => candidate.name === contractName)!;
  const server = await startMcpReceiverServer({ dbPath: db, servable: toolServer, contract, settings: KEEP_RECEIPTS, nowMs: wallClockMs });
  servers.push(server);
  return { url: server.url, db };
}

beforeAll(async () => {
  keyed = await serve('keyed', 'atomic-receipt');
  unkeyed = await serve('unkeyed', 'no-receipt');
  proxy = await startFaultProxy(keyed.url, NO_FAULTS);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await proxy.close();
  for (const server of servers) await server.close();
  for (const server of servers) expect(await portAcceptsConnections(server.port)).toBe(false);
  expect(await portAcceptsConnections(proxy.port)).toBe(false);
});

function client(base: string): McpReceiverClient {
  const made = new McpReceiverClient({ url: `${base}/mcp`, timeoutMs: 5_000 });
  clients.push(made);
  return made;
}

const write = (key: string, atMs: number): ReceiverRequest => {
  const envelope: ToolCallEnvelope = {
    args: { path: 'client/src/catalog/Filters.tsx', content: 'export const regionFilter = {};\n' },
    caller: { life: 0, worker: 'loop-1', at_ms: atMs, timeout_ms: 30_000 },
  };
  return { tenant: 'agent', key, kind: 'write_file', payload: envelope as unknown as JsonValue, issuedAtMs: atMs, intentionId: 'edit:f' };
};

function rows(db: string, sql: string): Record<string, unknown>[] {
  const reader = new Database(db, { readonly: true });
  try {
    return reader.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    reader.close();
  }
}

describe("the plan's tool server as an MCP server (key in the tools' arguments, front door server-side)", () => {
  it('lists its write and read tools, each requiring the idempotency key in its arguments', async () => {
    const { tools } = await (await client(keyed.url).connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['write_file', 'run_command', 'search_components', 'verify']);
    for (const tool of tools) expect(tool.inputSchema.required).toContain('idempotency_key');
  });

  it('keyed tool: a resend replays (one write); its reply lost on the wire and resent, still one; every call in the log of the server', async () => {
    const mcp = client(proxy.url);
    const first = await mcp.send(write('run-1:edit:f', 1_000));
    expect(first).toMatchObject({ status: 'ok', replayed: false, result: { call: 1, timed_out: false, duration_ms: 50 } });
    proxy.arm({ kind: 'drop-reply' });
    expect(await mcp.send(write('run-1:edit:f', 1_100))).toEqual({ status: 'no-reply' });
    expect(proxy.events.find((event) => event.fault === 'drop-reply')).toMatchObject({ method: 'POST', upstreamStatus: 200 });
    // The second call would be the slow one, but a replay is answered from the receipt at once.
    const again = await mcp.send(write('run-1:edit:f', 1_200));
    expect(again).toMatchObject({ status: 'ok', replayed: true, result: { call: 3, timed_out: false } });
    expect(rows(keyed.db, 'SELECT count(*) AS n FROM writes')).toEqual([{ n: 1 }]);
    const log = rows(keyed.db, 'SELECT ordinal, life, worker, tool, at_ms, outcome, duration_ms FROM calls ORDER BY ordinal');
    expect(log).toEqual([
      { ordinal: 1, life: 0, worker: 'loop-1', tool: 'write_file', at_ms: 1_000, outcome: 'ok', duration_ms: 50 },
      { ordinal: 2, life: 0, worker: 'loop-1', tool: 'write_file', at_ms: 1_100, outcome: 'ok', duration_ms: 50 },
      { ordinal: 3, life: 0, worker: 'loop-1', tool: 'write_file', at_ms: 1_200, outcome: 'ok', duration_ms: 50 },
    ]);
  });

  it('tool without key: the same call twice writes twice; the bucket answers 429 with its Retry-After on the virtual clock', async () => {
    const mcp = client(unkeyed.url);
    const firstWrite = await mcp.send(write('k', 0));
    expect(firstWrite).toMatchObject({ status: 'ok', replayed: false });
    // Call 2 is the slow one: the tool ran (a write) but the caller's deadline passed first.
    expect(await mcp.send(write('k', 0))).toMatchObject({ status: 'ok', result: { call: 2, timed_out: true, duration_ms: 30_000 } });
    expect(rows(unkeyed.db, 'SELECT count(*) AS n FROM writes')).toEqual([{ n: 2 }]);
    expect(await mcp.send(write('k', 0))).toMatchObject({ status: 'ok' });
    // The burst of three is spent at virtual 0 ms; at 60 a minute the next token comes 1,000 virtual ms later.
    expect(await mcp.send(write('k', 0))).toEqual({ status: 'refused', reason: RATE_LIMITED, definitive: false, retryAfterMs: 1_000 });
    expect(rows(unkeyed.db, 'SELECT from_ms, until_ms FROM rate_windows')).toEqual([{ from_ms: 0, until_ms: 1_000 }]);
    expect(rows(unkeyed.db, 'SELECT count(*) AS n FROM writes')).toEqual([{ n: 3 }]);
    expect(await mcp.send(write('k', 1_000))).toMatchObject({ status: 'ok' });
    const log = rows(unkeyed.db, 'SELECT outcome, in_window FROM calls ORDER BY ordinal');
    expect(log.map((row) => row['outcome'])).toEqual(['ok', 'timeout', 'ok', '429', 'ok']);
    expect(log.every((row) => row['in_window'] === 0)).toBe(true);
  });

  it('a call without the front door envelope is a tool error and applies nothing', async () => {
    const mcp = client(unkeyed.url);
    const before = rows(unkeyed.db, 'SELECT count(*) AS n FROM calls');
    const reply = await mcp.send({ ...write('bare', 2_000), payload: { path: 'a', content: 'b' } });
    expect(reply).toMatchObject({ status: 'refused', definitive: true });
    expect(rows(unkeyed.db, 'SELECT count(*) AS n FROM calls')).toEqual(before);
  });
});
