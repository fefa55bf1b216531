import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { startMcpReceiverServer } from '../mcp/mcp-receiver-server.js';
import { findServableReceiver } from './receiver-catalogue.js';
import { startReceiverServer, type RunningServer } from './receiver-server.js';
import { wallClockMs } from './wall-clock.js';

const folder = tempFolder('receiver-refusals');
const warehouse = findServableReceiver('warehouse')!;
const atomic = warehouse.contracts.find((contract) => contract.name === 'atomic-receipt')!;
const BODY = '{"part":"p1","qty":1}';

interface Answer {
  status: number;
  body: string;
}

/**
 * A request sent as written: node:http keeps the target unresolved (fetch would turn /%2e%2e/etc into /etc
 * before sending) and sends a header array as it is, a name given twice included.
 */
function send(port: number, method: string, target: string, headers: string[], body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A header array is sent without the Host and the framing node adds to an object of headers: they go in by hand.
    const framed = ['host', `127.0.0.1:${port}`, ...headers, 'content-length', String(Buffer.byteLength(body ?? ''))];
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: framed }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const write = (port: number, target: string, key: string, extra: string[] = []) =>
  send(port, 'POST', target, ['content-type', 'application/json', 'idempotency-key', key, ...extra], BODY);

const rowsWithKey = (db: string, key: string) => reservationRows(db).filter((row) => row.request_key === key);

describe('sim serve over HTTP refuses what it does not document, applying nothing', () => {
  const db = join(folder, 'http.db');
  let server: RunningServer;
  beforeAll(async () => {
    server = await startReceiverServer({ dbPath: db, servable: warehouse, contract: atomic, settings: KEEP_RECEIPTS, nowMs: wallClockMs });
  });
  afterAll(() => server.close());

  it('a write reaches the file at POST /reserve as sent, and nowhere else (404, or 405 for another method)', async () => {
    expect((await write(server.port, '/reserve', 'control')).status).toBe(201);
    expect(rowsWithKey(db, 'control')).toHaveLength(1);
    const elsewhere = [
      '/%2e%2e/etc',
      '/%2e%2e/reserve',
      '/a/../reserve',
      '/./reserve',
      '//reserve',
      '/reserve/',
      '/%72eserve',
      '/etc',
      '/effects',
    ];
    for (const [index, target] of elsewhere.entries()) {
      const answer = await write(server.port, target, `elsewhere-${index}`);
      expect([target, answer.status]).toEqual([target, target === '/effects' ? 405 : 404]);
      expect(rowsWithKey(db, `elsewhere-${index}`)).toEqual([]);
    }
    expect((await send(server.port, 'GET', '/reserve', [])).status).toBe(405);
    expect((await send(server.port, 'GET', '/%2e%2e/effects?key=control', [])).status).toBe(404);
  });

  it('a tenant header given twice is 400, not the tenant "A, B"; once, it applies under its tenant', async () => {
    const twice = await write(server.port, '/reserve', 'two-tenants', ['x-tenant', 'A', 'x-tenant', 'B']);
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.body)).toMatchObject({ type: 'urn:cutpoint:repeated-header' });
    expect(rowsWithKey(db, 'two-tenants')).toEqual([]);
    const keyTwice = await write(server.port, '/reserve', 'k-one', ['idempotency-key', 'k-two']);
    expect(keyTwice.status).toBe(400);
    expect(reservationRows(db).filter((row) => row.request_key.startsWith('k-'))).toEqual([]);
    expect((await write(server.port, '/reserve', 'one-tenant', ['x-tenant', 'A'])).status).toBe(201);
    expect(rowsWithKey(db, 'one-tenant').map((row) => row.tenant)).toEqual(['A']);
  });

  it('an empty tenant header is 400, nothing applied', async () => {
    expect((await write(server.port, '/reserve', 'empty-tenant', ['x-tenant', ''])).status).toBe(400);
    expect(rowsWithKey(db, 'empty-tenant')).toEqual([]);
  });

  it('GET /effects without a tenant is 400 once the key has effects under a named tenant, and counts while all are the default tenant', async () => {
    expect((await write(server.port, '/reserve', 'shared', ['x-tenant', 'tA'])).status).toBe(201);
    expect((await write(server.port, '/reserve', 'shared', ['x-tenant', 'tB'])).status).toBe(201);
    const unnamed = await send(server.port, 'GET', '/effects?key=shared', []);
    expect(unnamed.status).toBe(400);
    expect(JSON.parse(unnamed.body)).toMatchObject({ type: 'urn:cutpoint:missing-tenant' });
    expect(JSON.parse((await send(server.port, 'GET', '/effects?tenant=tA&key=shared', [])).body)).toEqual({ count: 1 });
    expect((await write(server.port, '/reserve', 'plain')).status).toBe(201);
    expect(JSON.parse((await send(server.port, 'GET', '/effects?key=plain', [])).body)).toEqual({ count: 1 });
  });
});

describe('sim serve --mcp refuses a path other than /mcp and /effects as sent, applying nothing', () => {
  const db = join(folder, 'mcp.db');
  let server: RunningServer;
  beforeAll(async () => {
    server = await startMcpReceiverServer({
      dbPath: db,
      servable: warehouse,
      contract: atomic,
      settings: KEEP_RECEIPTS,
      nowMs: wallClockMs,
    });
  });
  afterAll(() => server.close());

  const call = (target: string, key: string) =>
    send(
      server.port,
      'POST',
      target,
      ['content-type', 'application/json', 'accept', 'application/json, text/event-stream'],
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'reserve', arguments: { idempotency_key: key, tenant: 'tA', payload: { part: 'p1', qty: 1 } } },
      }),
    );

  it('a tool call applies at POST /mcp and is 404 at /%2e%2e/mcp, /a/../mcp or /mcp/', async () => {
    expect((await call('/mcp', 'control')).status).toBe(200);
    expect(rowsWithKey(db, 'control')).toHaveLength(1);
    for (const [index, target] of ['/%2e%2e/mcp', '/a/../mcp', '/mcp/', '/%6dcp'].entries()) {
      expect([target, (await call(target, `elsewhere-${index}`)).status]).toEqual([target, 404]);
      expect(rowsWithKey(db, `elsewhere-${index}`)).toEqual([]);
    }
  });

  it('GET /effects without a tenant is 400 once the key has effects under a named tenant', async () => {
    expect((await call('/mcp', 'mcp-shared')).status).toBe(200);
    expect((await send(server.port, 'GET', '/effects?key=mcp-shared', [])).status).toBe(400);
    expect(JSON.parse((await send(server.port, 'GET', '/effects?tenant=tA&key=mcp-shared', [])).body)).toEqual({ count: 1 });
  });
});
