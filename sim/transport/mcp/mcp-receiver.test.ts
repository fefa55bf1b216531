import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS, type ReceiverRequest } from '../../../protocols/receivers/types.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { NO_FAULTS } from '../http/fault-plan.js';
import { startFaultProxy, type FaultProxy } from '../http/fault-proxy.js';
import { findServableReceiver } from '../http/receiver-catalogue.js';
import type { RunningServer } from '../http/receiver-server.js';
import { portAcceptsConnections } from '../http/server-process.js';
import { wallClockMs } from '../http/wall-clock.js';
import { McpReceiverClient } from './mcp-receiver-client.js';
import { startMcpReceiverServer } from './mcp-receiver-server.js';

const folder = tempFolder('mcp');
const dbPath = join(folder, 'warehouse.db');
const warehouse = findServableReceiver('warehouse')!;
let server: RunningServer;
let proxy: FaultProxy;
const clients: McpReceiverClient[] = [];

beforeAll(async () => {
  const contract = warehouse.contracts.find((c) => c.name === 'atomic-receipt')!;
  server = await startMcpReceiverServer({ dbPath, servable: warehouse, contract, settings: KEEP_RECEIPTS, nowMs: wallClockMs });
  proxy = await startFaultProxy(server.url, NO_FAULTS);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await proxy.close();
  await server.close();
  expect(await portAcceptsConnections(server.port)).toBe(false);
  expect(await portAcceptsConnections(proxy.port)).toBe(false);
});

function client(base: string): McpReceiverClient {
  const made = new McpReceiverClient({ url: `${base}/mcp`, timeoutMs: 2_000 });
  clients.push(made);
  return made;
}

const request = (key: string, qty = 1): ReceiverRequest => ({
  tenant: 'tA',
  key,
  kind: 'reserve',
  payload: { part: 'p7', qty },
  issuedAtMs: 0,
  intentionId: `tA:${key}`,
});
const effects = (key: string) => reservationRows(dbPath).filter((row) => row.request_key === key).length;

describe('the warehouse as an MCP server (Streamable HTTP, key in the write tool arguments)', () => {
  it('lists one write tool whose schema requires the idempotency key', async () => {
    const { tools } = await (await client(server.url).connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['reserve']);
    expect(tools[0]?.inputSchema.required).toContain('idempotency_key');
  });

  it('the write tool called twice with the same key leaves one effect; the second call replays it', async () => {
    const direct = client(server.url);
    const first = await direct.send(request('twice'));
    expect(first).toMatchObject({ status: 'ok', replayed: false });
    expect(await direct.send(request('twice'))).toEqual({ ...first, replayed: true });
    expect(effects('twice')).toBe(1);
    expect(await direct.send(request('twice', 5))).toEqual({ status: 'rejected', reason: 'payload-mismatch' });
    expect(effects('twice')).toBe(1);
  });

  it('over the fault proxy, a dropped reply then a retry leaves one effect', async () => {
    const proxied = client(proxy.url);
    await proxied.connect();
    proxy.arm({ kind: 'drop-reply' });
    expect(await proxied.send(request('dropped'))).toEqual({ status: 'no-reply' });
    expect(proxy.events.find((event) => event.fault === 'drop-reply')).toMatchObject({ method: 'POST', upstreamStatus: 200 });
    expect(effects('dropped')).toBe(1);
    expect(await proxied.send(request('dropped'))).toMatchObject({ status: 'ok', replayed: true });
    expect(effects('dropped')).toBe(1);
  });

  it('arguments without a key are a tool error and apply nothing', async () => {
    const raw = await client(server.url).connect();
    const before = reservationRows(dbPath).length;
    const result = await raw.callTool({ name: 'reserve', arguments: { payload: { part: 'p7', qty: 1 } } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/idempotency_key/);
    expect(reservationRows(dbPath).length).toBe(before);
  });
});
