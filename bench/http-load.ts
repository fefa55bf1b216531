import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SeededRandom } from '../sim/engine/random.js';
import { compiledEntry } from '../sim/process/entry-path.js';
import { exchange } from '../sim/transport/http/exchange.js';
import { seededFaults } from '../sim/transport/http/fault-plan.js';
import { startFaultProxy } from '../sim/transport/http/fault-proxy.js';
import { startServerProcess } from '../sim/transport/http/server-process.js';

export interface LoadOptions {
  clients: number;
  requestsPerClient: number;
  /** Share of requests that repeat a key already sent (a retry from the caller's side, not a fault). */
  repeatShare: number;
  /** Share of writes whose reply the proxy drops after the server answered. */
  dropShare: number;
  seed: number;
  /** Bound on the whole run (real ms): a run that takes longer stops and says so. */
  runMsMax: number;
}

export interface LoadResult {
  exchanges: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  keys: number;
  duplicates: number;
  lost: number;
  /** Responses outside the documented ones (201, 409, and the proxy's injected 503 / lost reply). */
  undocumented: number;
}

/** A key's attempts until it is applied (or replayed); a lost reply or a 503 is asked again with the same key. */
const ATTEMPTS_MAX = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The load test of the reference server (`sim serve`, atomic receipt, in
 * its own process so client and server each have a core): C clients send R
 * keyed writes each through a seeded fault proxy, some repeating a key,
 * some with their reply dropped and asked again. Afterwards every key must
 * hold exactly one reservation in the file. Real time throughout: throughput
 * and latency are what is measured.
 */
export async function httpLoad(options: LoadOptions): Promise<LoadResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'cutpoint-load-'));
  const db = join(scratch, 'warehouse.db');
  const bin = compiledEntry(new URL('../entry/sim.js', import.meta.url));
  const server = await startServerProcess(process.execPath, [
    bin,
    'serve',
    '--receiver',
    'warehouse',
    '--contract',
    'atomic-receipt',
    '--db',
    db,
  ]);
  const proxy = await startFaultProxy(
    `http://127.0.0.1:${server.port}`,
    seededFaults(options.seed, { 'drop-reply': options.dropShare }, { delayMs: 0, slowMs: 0, retryAfterS: 0 }),
  );
  const random = new SeededRandom(options.seed);
  const sent: string[] = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let undocumented = 0;
  const started = performance.now();
  const deadline = started + options.runMsMax;

  async function write(key: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS_MAX && performance.now() < deadline; attempt++) {
      const outcome = await exchange({
        url: `${proxy.url}/reserve`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-tenant': 'load' },
        body: '{"part":"p7","qty":1}',
        timeoutMs: 10_000,
      });
      latencies.push(outcome.elapsedMs);
      const label = outcome.kind === 'response' ? String(outcome.status) : `lost (${outcome.reason})`;
      statuses[label] = (statuses[label] ?? 0) + 1;
      if (outcome.kind === 'response' && outcome.status === 201) return;
      if (outcome.kind === 'response' && outcome.status !== 409 && outcome.status !== 503) undocumented++;
    }
  }

  async function client(index: number): Promise<void> {
    for (let i = 0; i < options.requestsPerClient && performance.now() < deadline; i++) {
      const repeat = sent.length > 0 && random.next() < options.repeatShare;
      const key = repeat ? (sent[random.int(0, sent.length - 1)] as string) : `c${index}-r${i}`;
      if (!repeat) sent.push(key);
      await write(key);
    }
  }

  try {
    await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
    const seconds = (performance.now() - started) / 1000;
    if (performance.now() >= deadline) throw new Error(`the load run passed its bound of ${options.runMsMax} ms`);
    const file = new Database(db, { readonly: true });
    const counts = new Map(
      (
        file.prepare('SELECT request_key AS key, count(*) AS n FROM reservations GROUP BY request_key').all() as {
          key: string;
          n: number;
        }[]
      ).map((row) => [row.key, row.n]),
    );
    file.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      exchanges: latencies.length,
      seconds,
      perSecond: latencies.length / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      statuses,
      keys: sent.length,
      duplicates: [...counts.values()].filter((n) => n > 1).length,
      lost: sent.filter((key) => !counts.has(key)).length,
      undocumented,
    };
  } finally {
    await proxy.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One line of a load result: throughput, latency, and whether every key holds exactly one effect. */
export function httpLoadLine(load: LoadResult): string {
  const statuses = Object.entries(load.statuses)
    .map(([status, n]) => `${n}x ${status}`)
    .join(', ');
  const verdict = load.duplicates === 0 && load.lost === 0 && load.undocumented === 0 ? 'every key N=1' : 'VIOLATED';
  return (
    `${Math.round(load.perSecond)} req/s, p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms; ${load.exchanges} exchanges (${statuses}); ` +
    `${load.keys} keys: ${load.duplicates} duplicated, ${load.lost} lost, ${load.undocumented} undocumented statuses: ${verdict}`
  );
}
