import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS } from '../../../scenarios/reservation/properties/arbitraries.js';
import { findProperty } from '../../../scenarios/reservation/properties/definitions.js';
import { RESERVATION_FAULTS, tallyRun } from '../../../scenarios/reservation/properties/fault-tally.js';
import { noFaults } from '../../check/fault-words.js';
import { runTrial } from '../../../scenarios/reservation/properties/trial.js';
import { MemoryMedium } from '../../engine/connections.js';
import { startHttpTransport, type HttpTransport } from './http-transport.js';
import { portAcceptsConnections } from './server-process.js';

/**
 * Properties over a real wire: each generated trial (crashes, lost replies,
 * unavailability, workers interleaved by fast-check's scheduler) runs with
 * its own wire, every call through the fault proxy to a node:http server.
 * With a fixed seed, a property must come out as it does in process (holds,
 * or its control finds the bug), and twice over HTTP exactly alike (the
 * counterexample and its replay path): the turns keep the run deterministic.
 */
const SEED = 20261201;
const RUNS = 25;

let transport: HttpTransport;
beforeAll(async () => {
  transport = await startHttpTransport();
});
afterAll(async () => {
  await transport.close();
  expect(await portAcceptsConnections(transport.proxy.port)).toBe(false);
});

async function check(name: string, http: boolean) {
  const definition = findProperty(name)!;
  const tally = noFaults(RESERVATION_FAULTS);
  let runs = 0;
  const property = fc.asyncProperty(definition.trials(DEFAULT_BOUNDS, definition.protocol), fc.scheduler(), async (trial, scheduler) => {
    const outcome = await runTrial(trial, {
      folder: `${name}/${++runs}`,
      medium: new MemoryMedium(),
      scheduler,
      ...(http ? { wire: transport.open() } : {}),
    });
    for (const [kind, fired] of Object.entries(tallyRun(outcome.history.all()))) tally[kind as keyof typeof tally] += fired;
    return definition.check(trial, outcome) === undefined;
  });
  const details = await fc.check(property, { numRuns: RUNS, seed: SEED });
  return { failed: details.failed, counterexamplePath: details.counterexamplePath, runs, tally };
}

describe('sim check over HTTP', () => {
  it.each(['dedup-safety', 'control-no-dedup', 'control-check-then-act'])(
    '%s with seed 20261201: the same outcome as in process, and the same run twice over HTTP',
    async (name) => {
      const expected = findProperty(name)!.expect === 'find';
      const inProcess = await check(name, false);
      const before = transport.proxy.events.length;
      const overHttp = await check(name, true);
      const again = await check(name, true);
      expect(inProcess.failed).toBe(expected);
      expect(overHttp.failed).toBe(expected);
      expect(again.counterexamplePath).toBe(overHttp.counterexamplePath);
      expect(again.tally).toEqual(overHttp.tally);
      // The faults fired over the wire (each one a property that holds depends on), and its calls crossed it.
      const fired = overHttp.tally;
      expect(overHttp.runs).toBeGreaterThan(0);
      expect(Object.values(fired).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
      if (!expected) for (const kind of findProperty(name)!.mustFire) expect(fired[kind], kind).toBeGreaterThan(0);
      expect(transport.proxy.events.length - before).toBeGreaterThan(0);
    },
    180_000,
  );
});
