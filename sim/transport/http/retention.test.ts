import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { findServableReceiver } from './receiver-catalogue.js';
import { startReceiverServer } from './receiver-server.js';
import { wallClockMs } from './wall-clock.js';

/**
 * Receipt expiry over real time. Real time is the point here: a server
 * facing real clients ages its receipts on the wall clock, so the window is
 * made short (300 ms) instead of simulated.
 */
const folder = tempFolder('http-retention');
const warehouse = findServableReceiver('warehouse')!;
const atomic = warehouse.contracts.find((c) => c.name === 'atomic-receipt')!;
const retentionMs = 300;

async function scenario(name: string, closedWindow: boolean) {
  const dbPath = join(folder, `${name}.db`);
  const server = await startReceiverServer({
    dbPath,
    servable: warehouse,
    contract: atomic,
    settings: { retentionMs, closedWindow },
    nowMs: wallClockMs,
  });
  try {
    const issuedAt = String(wallClockMs());
    const send = () =>
      fetch(`${server.url}/reserve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'late', 'x-cutpoint-issued-at-ms': issuedAt },
        body: '{"part":"p1","qty":1}',
      });
    const first = await send();
    const within = await send();
    await sleep(retentionMs + 200);
    const after = await send();
    return {
      statuses: [first.status, within.status, after.status],
      replayed: within.headers.get('idempotent-replayed'),
      effects: reservationRows(dbPath).length,
    };
  } finally {
    await server.close();
  }
}

describe('retention and the closed window over real time', () => {
  it('without the closed window, a retry after the retention is applied again: two effects', async () => {
    expect(await scenario('open', false)).toEqual({ statuses: [201, 201, 201], replayed: 'true', effects: 2 });
  });

  it('with the closed window, the same late retry is refused as stale (410): one effect', async () => {
    expect(await scenario('closed', true)).toEqual({ statuses: [201, 201, 410], replayed: 'true', effects: 1 });
  });
});
