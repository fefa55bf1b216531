import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reservationRows } from '../testing/read-warehouse.js';
import { tempFolder } from '../testing/temp-folder.js';
import { HttpReceiverClient } from '../transport/http/http-receiver-client.js';
import { startServerProcess } from '../transport/http/server-process.js';

const folder = tempFolder('serve-key-header');
const bin = fileURLToPath(new URL('../../dist/entry/sim.js', import.meta.url));
const serveArgs = (db: string, ...more: string[]) => [
  bin,
  'serve',
  '--receiver',
  'warehouse',
  '--contract',
  'atomic-receipt',
  '--db',
  db,
  '--port',
  '0',
  ...more,
];

describe('sim serve: the Idempotency-Key header is an RFC 8941 string, and the oracle takes each parameter once', () => {
  it('a malformed key (unclosed quote, two keys, a space) is a 400 problem naming the header, and nothing is written', async () => {
    const db = join(folder, 'malformed.db');
    const server = await startServerProcess(process.execPath, serveArgs(db));
    const post = (key: string) =>
      fetch(`http://127.0.0.1:${server.port}/reserve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-tenant': 'tA' },
        body: '{"part":"p7","qty":1}',
      });
    try {
      for (const malformed of ['"k3', '"k3" extra', '"k\\3"', '"k3", "k4"', 'k 3']) {
        const refused = await post(malformed);
        expect(refused.status, malformed).toBe(400);
        expect(refused.headers.get('content-type')).toBe('application/problem+json');
        const body = (await refused.json()) as { type: string; title: string; detail: string };
        expect(body).toMatchObject({ type: 'urn:cutpoint:malformed-key', title: 'Idempotency-Key malformed', status: 400 });
        expect(body.detail).toContain(`the Idempotency-Key header ${JSON.stringify(malformed)} is `);
      }
      expect(reservationRows(db)).toEqual([]);
      // The quoted form is the key inside the quotes: a bare k3 after it is the same key, replayed.
      expect((await post('"k3"')).status).toBe(201);
      const bare = await post('k3');
      expect(bare.headers.get('idempotent-replayed')).toBe('true');
      expect((await post('"k\\"5\\\\"')).status).toBe(201);
      expect(reservationRows(db).map((row) => row.request_key)).toEqual(['k3', 'k"5\\']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("the harness's own client quotes a key that is no bare token, and the server reads it back whole", async () => {
    const db = join(folder, 'client.db');
    const server = await startServerProcess(process.execPath, serveArgs(db));
    try {
      const client = new HttpReceiverClient({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 5_000 });
      for (const key of ['plain-key', 'a key, with "quotes"']) {
        const request = { tenant: 'tA', key, kind: 'reserve', payload: { part: 'p7', qty: 1 }, issuedAtMs: 0, intentionId: `tA:${key}` };
        expect(await client.send(request)).toMatchObject({ status: 'ok', replayed: false });
        expect(await client.send(request)).toMatchObject({ status: 'ok', replayed: true });
      }
      expect(reservationRows(db).map((row) => row.request_key)).toEqual(['plain-key', 'a key, with "quotes"']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  for (const front of [[], ['--mcp']]) {
    it(`GET /effects with key or tenant given twice is a 400, not the first one's count${front.length ? ' (--mcp)' : ''}`, async () => {
      const server = await startServerProcess(process.execPath, serveArgs(join(folder, `oracle${front.length}.db`), ...front));
      try {
        for (const query of ['key=k&key=j', 'tenant=tA&tenant=tB&key=k']) {
          const refused = await fetch(`http://127.0.0.1:${server.port}/effects?${query}`);
          expect(refused.status, query).toBe(400);
          const body = (await refused.json()) as { type: string; detail: string };
          expect(body.type).toBe('urn:cutpoint:repeated-parameter');
          expect(body.detail).toMatch(/^give (key|tenant) once/);
        }
        const once = await fetch(`http://127.0.0.1:${server.port}/effects?tenant=tA&key=k`);
        expect(await once.json()).toEqual({ count: 0 });
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });
  }
});
