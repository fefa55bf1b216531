import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS, type ReceiverRequest } from '../../../protocols/receivers/types.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { scriptedFaults, seededFaults } from './fault-plan.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { HttpReceiverClient } from './http-receiver-client.js';
import { findServableReceiver } from './receiver-catalogue.js';
import { startReceiverServer, type RunningServer } from './receiver-server.js';
import { wallClockMs } from './wall-clock.js';

const folder = tempFolder('http-proxy');
const dbPath = join(folder, 'warehouse.db');
const warehouse = findServableReceiver('warehouse')!;
let server: RunningServer;
let proxy: FaultProxy;
let client: HttpReceiverClient;

beforeAll(async () => {
  const contract = warehouse.contracts.find((c) => c.name === 'atomic-receipt')!;
  server = await startReceiverServer({ dbPath, servable: warehouse, contract, settings: KEEP_RECEIPTS, nowMs: wallClockMs });
  proxy = await startFaultProxy(server.url, scriptedFaults({}));
  // Real time: the slow-response fault must outlast this timeout, and an ordinary reply on a loaded machine
  // (two test files beside other work on two cores) must not.
  client = new HttpReceiverClient({ baseUrl: proxy.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const request = (key: string): ReceiverRequest => ({
  tenant: 'tA',
  key,
  kind: 'reserve',
  payload: { part: 'p7', qty: 1 },
  issuedAtMs: 0,
  intentionId: `tA:${key}`,
});
const effects = (key: string) => reservationRows(dbPath).filter((row) => row.request_key === key).length;

describe('HTTP client through the fault proxy', () => {
  it('a dropped reply is no-reply with the effect applied; the retry replays it and leaves one effect', async () => {
    proxy.arm({ kind: 'drop-reply' });
    expect(await client.send(request('drop'))).toEqual({ status: 'no-reply' });
    expect(proxy.events.at(-1)).toMatchObject({ fault: 'drop-reply', upstreamStatus: 201 });
    expect(effects('drop')).toBe(1);
    expect(await client.send(request('drop'))).toMatchObject({ status: 'ok', replayed: true });
    expect(effects('drop')).toBe(1);
  });

  it('a reset before forwarding is no-reply to the client and never reaches the server', async () => {
    proxy.arm({ kind: 'reset' });
    expect(await client.send(request('reset'))).toEqual({ status: 'no-reply' });
    expect(proxy.events.at(-1)).toMatchObject({ fault: 'reset' });
    expect(proxy.events.at(-1)?.upstreamStatus).toBeUndefined();
    expect(effects('reset')).toBe(0);
  });

  it('an injected 503 is unavailable, an injected 429 is a refusal with its Retry-After, neither applied', async () => {
    proxy.arm({ kind: 'server-error', status: 503 });
    expect(await client.send(request('gateway'))).toEqual({ status: 'unavailable' });
    proxy.arm({ kind: 'rate-limit', retryAfterS: 2 });
    expect(await client.send(request('gateway'))).toMatchObject({ status: 'refused', definitive: false, retryAfterMs: 2000 });
    expect(effects('gateway')).toBe(0);
    expect(await client.send(request('gateway'))).toMatchObject({ status: 'ok', replayed: false });
  });

  it('a reply held past the client timeout is no-reply, though the server applied it', async () => {
    proxy.arm({ kind: 'slow-response', ms: 3_000 });
    expect(await client.send(request('slow'))).toEqual({ status: 'no-reply' });
    expect(effects('slow')).toBe(1);
    expect(await client.send(request('slow'))).toMatchObject({ status: 'ok', replayed: true });
    expect(effects('slow')).toBe(1);
  });

  it('a delay shorter than the timeout only delays', async () => {
    proxy.arm({ kind: 'delay', ms: 50 });
    expect(await client.send(request('delay'))).toMatchObject({ status: 'ok', replayed: false });
    expect(proxy.events.at(-1)).toMatchObject({ fault: 'delay', upstreamStatus: 201 });
  });

  it('a refused connection is unavailable', async () => {
    const closed = await startFaultProxy(server.url, scriptedFaults({}));
    const url = closed.url;
    await closed.close();
    expect(await new HttpReceiverClient({ baseUrl: url, timeoutMs: 300 }).send(request('refused'))).toEqual({ status: 'unavailable' });
  });
});

describe('seeded fault plan', () => {
  const probabilities = { 'drop-reply': 0.2, reset: 0.1, 'server-error': 0.1, 'rate-limit': 0.1, delay: 0.1, 'slow-response': 0.1 };
  const durations = { delayMs: 5, slowMs: 50, retryAfterS: 1 };
  const draw = (seed: number) => {
    const plan = seededFaults(seed, probabilities, durations);
    return Array.from({ length: 200 }, (_, i) => plan.faultFor({ ordinal: i + 1, method: 'POST', path: '/reserve' }).kind);
  };

  it('the same seed gives the same faults, another seed others, and every kind is drawn', () => {
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
    expect(new Set(draw(7))).toEqual(new Set(['none', 'drop-reply', 'reset', 'server-error', 'rate-limit', 'delay', 'slow-response']));
  });

  it('reads are never faulted, and probabilities over 1 are refused', () => {
    const plan = seededFaults(1, { reset: 1 }, durations);
    expect(plan.faultFor({ ordinal: 1, method: 'GET', path: '/effects' }).kind).toBe('none');
    expect(plan.faultFor({ ordinal: 2, method: 'POST', path: '/reserve' }).kind).toBe('reset');
    expect(() => seededFaults(1, { reset: 0.7, delay: 0.7 }, durations)).toThrow(/more than 1/);
  });
});
