import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationRows } from '../../testing/read-warehouse.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { findProtocol } from '../../../protocols/reservation/registry.js';
import { explore, type ExploreResult } from '../../explore/explore.js';
import type { ExploreBounds } from '../../explore/controlled-run.js';
import { reservationFamily } from '../../families/reservation/family.js';
import { startHttpTransport, type HttpTransport } from './http-transport.js';
import { portAcceptsConnections } from './server-process.js';

/**
 * Exploration over a real wire: every schedule's calls cross fetch, the fault
 * proxy and a node:http server, and the driver waits for the wire to be idle
 * before it chooses. It must explore exactly the schedules the naive search
 * explores in process: the same counts, the same violations at the same schedules, the
 * same distinct end states.
 */
const BOUNDS: (ExploreBounds & { executionsMax: number })[] = [
  { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named', executionsMax: 5_000 },
  // Every commit a boundary too, those inside the server's contract named after the same source lines as in process.
  { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'all', executionsMax: 5_000 },
  // Two workers: their sends interleave at the cuts, and the same first 60 schedules (depth first) are explored either way.
  { workers: 2, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named', executionsMax: 60 },
];
const SEED_PROTOCOLS = ['mark-first', 'outbox-no-dedup', 'outbox-dedup'];

const folder = tempFolder('explore-http');
let transport: HttpTransport;
beforeAll(async () => {
  transport = await startHttpTransport();
});
afterAll(async () => {
  await transport.close();
  expect(await portAcceptsConnections(transport.proxy.port)).toBe(false);
});

/** What must not depend on the transport: everything but the time it took. */
function verdicts(result: ExploreResult) {
  const { timeMs: _timeMs, ...rest } = result;
  return rest;
}

describe('sim explore over HTTP', () => {
  it.each(SEED_PROTOCOLS.flatMap((protocol) => BOUNDS.map((bounds) => ({ protocol, ...bounds }))))(
    '$protocol, W=$workers I=$intentions D=$crashDepth cuts $cuts: the same schedules, violations and end states as in process',
    async ({ protocol, executionsMax, ...bounds }) => {
      const chosen = findProtocol(protocol)!;
      // Over a wire every interleaving is explored (a step's footprint is the server's), so in process explores them all too.
      const inProcess = await explore(reservationFamily, chosen, bounds, { executionsMax, reduction: false });
      const before = transport.proxy.events.length;
      const overHttp = await explore(reservationFamily, chosen, bounds, { executionsMax, openWire: transport.open });
      expect(inProcess.schedules).toBeGreaterThan(5);
      expect(verdicts(overHttp)).toEqual(verdicts(inProcess));
      // Every complete execution that did not lose its intention sent it at least once: the wire was used.
      const lost = overHttp.violations.find((group) => group.kind === 'lost')?.count ?? 0;
      expect(transport.proxy.events.length - before).toBeGreaterThanOrEqual(overHttp.complete - lost);
    },
    120_000,
  );

  it('the CLI: sim explore --transport http finds the duplicate, prints a replay line that keeps the transport, and the replay agrees', async () => {
    const flags = ['-p', 'outbox-no-dedup', '-w', '1', '-i', '1', '-d', '1', '--out', folder];
    const explored = await runCli(['explore', ...flags, '--transport', 'http'], folder);
    expect(explored.code).toBe(1);
    expect(explored.stdout).toMatch(/duplicate/);
    const schedule = /--transport http --out \S+ --schedule (\S+)/.exec(explored.stdout)?.[1];
    expect(schedule).toBeDefined();
    const replayed = await runCli(['explore', ...flags, '--transport', 'http', '--schedule', schedule!.replace(/'/g, '')], folder);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/violation: duplicate/);
    // The replay keeps its files: the warehouse holds the two reservations the violation names.
    const kept = /kept: (\S+)/.exec(replayed.stdout)?.[1];
    expect(reservationRows(join(folder, kept!, 'warehouse.db'))).toHaveLength(2);
  });
});
