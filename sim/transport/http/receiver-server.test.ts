import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { findServableReceiver } from './receiver-catalogue.js';
import { startReceiverServer, type RunningServer } from './receiver-server.js';
import { wallClockMs } from './wall-clock.js';
import { BODY_BYTES_MAX } from './wire.js';

const folder = tempFolder('http-server');
const warehouse = findServableReceiver('warehouse')!;
const atomic = warehouse.contracts.find((contract) => contract.name === 'atomic-receipt')!;

/** Holds the first request at the applied cut (after its commit, before its reply) until released. */
function gate() {
  let release: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const reachedOnce = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let armed = true;
  const cut = async (name: string) => {
    if (name !== 'effect-applied' || !armed) return;
    armed = false;
    reached();
    await released;
  };
  return { cut, reachedOnce, release };
}

let server: RunningServer;
const held = gate();
const dbPath = join(folder, 'warehouse.db');

beforeAll(async () => {
  server = await startReceiverServer({
    dbPath,
    servable: warehouse,
    contract: atomic,
    settings: KEEP_RECEIPTS,
    nowMs: wallClockMs,
    cut: held.cut,
  });
});
afterAll(() => server.close());

function post(key: string | undefined, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/reserve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
    body,
  });
}

const rowsFor = (tenant: string, key: string) =>
  reservationRows(dbPath).filter((row) => row.tenant === tenant && row.request_key === key).length;

async function oracle(tenant: string, key: string): Promise<number> {
  const response = await fetch(`${server.url}/effects?tenant=${tenant}&key=${key}`);
  return ((await response.json()) as { count: number }).count;
}

describe('receiver server (atomic-receipt over warehouse.db, real HTTP on 127.0.0.1)', () => {
  it('a second request while the first with its key is in progress is 409; the first then answers 201, one effect', async () => {
    const first = post('in-flight', '{"part":"p1","qty":1}', { 'x-tenant': 'tA' });
    await held.reachedOnce;
    const twin = await post('in-flight', '{"part":"p1","qty":1}', { 'x-tenant': 'tA' });
    expect(twin.status).toBe(409);
    expect(((await twin.json()) as { type: string }).type).toBe('urn:cutpoint:in-progress');
    held.release();
    expect((await first).status).toBe(201);
    expect(rowsFor('tA', 'in-flight')).toBe(1);
  });

  it('a repeated key with the same payload replays status and body, says so, and leaves one effect', async () => {
    const first = await post('k1', '{"part":"p1","qty":2}', { 'x-tenant': 'tA' });
    const firstBody = await first.text();
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Same payload with its keys in another order, and the key in the draft's quoted form.
    const again = await post('"k1"', '{"qty":2,"part":"p1"}', { 'x-tenant': 'tA' });
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(rowsFor('tA', 'k1')).toBe(1);
    expect(await oracle('tA', 'k1')).toBe(1);
  });

  it('the same key with another payload is 422 and applies nothing', async () => {
    const response = await post('k1', '{"part":"p1","qty":3}', { 'x-tenant': 'tA' });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(((await response.json()) as { type: string }).type).toBe('urn:cutpoint:payload-mismatch');
    expect(rowsFor('tA', 'k1')).toBe(1);
  });

  it('the same key under another tenant is its own intention with its own effect', async () => {
    expect((await post('k1', '{"part":"p1","qty":2}', { 'x-tenant': 'tB' })).status).toBe(201);
    expect(rowsFor('tB', 'k1')).toBe(1);
    expect(await oracle('tB', 'k1')).toBe(1);
    expect(rowsFor('tA', 'k1')).toBe(1);
  });

  it('refuses bad requests with a problem body, applies nothing, and keeps serving', async () => {
    const before = reservationRows(dbPath).length;
    const cases: [string, Promise<Response>, number, string][] = [
      ['missing key', post(undefined, '{"part":"p1","qty":1}'), 400, 'missing-key'],
      ['malformed JSON', post('bad-json', '{"part":'), 400, 'malformed-json'],
      [
        'wrong content type',
        fetch(`${server.url}/reserve`, { method: 'POST', headers: { 'content-type': 'text/plain', 'idempotency-key': 'ct' }, body: 'x' }),
        415,
        'unsupported-media-type',
      ],
      ['body over the limit', post('big', JSON.stringify({ part: 'x'.repeat(BODY_BYTES_MAX), qty: 1 })), 413, 'body-too-large'],
      ['not a reservation', post('not-res', '{"part":"p1"}'), 422, 'effect-refused'],
      ['unknown method', fetch(`${server.url}/reserve`, { method: 'PUT' }), 405, 'method-not-allowed'],
    ];
    for (const [what, pending, status, type] of cases) {
      const response = await pending;
      expect({ what, status: response.status }).toEqual({ what, status });
      expect(((await response.json()) as { type: string }).type).toBe(`urn:cutpoint:${type}`);
    }
    expect(reservationRows(dbPath).length).toBe(before);
    expect((await post('after-bad', '{"part":"p1","qty":1}')).status).toBe(201);
    expect(rowsFor('default', 'after-bad')).toBe(1);
  });
});
