import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProperty, explore, exploreAll, ProtocolFileError, runTable } from '../../entry/index.js';

const out = mkdtempSync(join(tmpdir(), 'cutpoint-validate-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Each bad option, with the sentence that must name it; none may start a run (the out folder stays empty). */
const BAD: [string, () => Promise<unknown>, RegExp][] = [
  // runs 2.5 never ended; runs 0 failed with "Cannot read properties of undefined".
  ['runs 2.5', () => checkProperty({ property: 'dedup-safety', runs: 2.5, out }), /checkProperty: runs must be a whole number from 1/],
  ['runs 0', () => checkProperty({ property: 'dedup-safety', runs: 0, out }), /runs must be a whole number from 1 .*got 0/],
  ['seed NaN', () => checkProperty({ property: 'dedup-safety', seed: Number.NaN, out }), /seed must be an integer .*got NaN/],
  ['seed 1.5', () => checkProperty({ property: 'dedup-safety', seed: 1.5, out }), /seed must be an integer/],
  ['seed as text', () => checkProperty({ property: 'dedup-safety', seed: '7' as never, out }), /seed must be an integer .*got '7'/],
  ['workersMax 0', () => checkProperty({ property: 'dedup-safety', workersMax: 0, out }), /workersMax must be a whole number from 1 to 8/],
  [
    'workersMax on plan',
    () => checkProperty({ property: 'writes-once', family: 'plan', workersMax: 2, out }),
    /workersMax: the plan family takes no workersMax/,
  ],
  [
    'store disk',
    () => checkProperty({ property: 'dedup-safety', store: 'disk' as never, out }),
    /store .* must be 'memory' or 'file'; got 'disk'/,
  ],
  [
    'store memory on plan',
    () => checkProperty({ property: 'writes-once', family: 'plan', store: 'memory', out }),
    /plan family's runs\) must be 'file'; got 'memory'/,
  ],
  ['workers 0', () => explore({ protocol: 'outbox-dedup', workers: 0 }), /explore: workers must be a whole number from 1 to 4; got 0/],
  ['intentions 0', () => explore({ protocol: 'outbox-dedup', intentions: 0 }), /intentions must be a whole number from 1 to 4/],
  // crashDepth -1 failed with "livesMax must be a positive integer" and left unhandled rejections behind.
  ['crashDepth -1', () => explore({ protocol: 'outbox-dedup', crashDepth: -1 }), /crashDepth must be a whole number from 0 to 3; got -1/],
  ['retentionMs -5', () => explore({ protocol: 'outbox-dedup', retentionMs: -5 }), /retentionMs .* must be a whole number from 1/],
  ['cuts some', () => explore({ protocol: 'outbox-dedup', cuts: 'some' as never }), /cuts must be 'named' or 'all'; got 'some'/],
  ['executionsMax NaN', () => explore({ protocol: 'outbox-dedup', executionsMax: Number.NaN }), /executionsMax must be a whole number/],
  ['jobs 0', () => exploreAll({ protocols: ['outbox-dedup'], jobs: 0 }), /exploreAll: jobs must be a whole number from 1 to 64/],
  ['no protocols', () => exploreAll({ protocols: [] }), /exploreAll: give at least one protocol/],
  [
    'crashMode bogus',
    () => runTable({ protocols: ['outbox-dedup'], crashMode: 'bogus' as never, out }),
    /crashMode must be 'in-process' or 'kill'/,
  ],
  [
    'expected typo',
    () => runTable({ protocols: ['outbox-dedup'], expected: { 'outbox-dedupe': [1, 1, 1, 1, 1] }, out }),
    /expected names 'outbox-dedupe', which is not in this table/,
  ],
  [
    'expected short row',
    () => runTable({ protocols: ['outbox-dedup'], expected: { 'outbox-dedup': [1, 1] }, out }),
    /has 2 numbers; the reservation family has 5 classic cuts/,
  ],
  [
    'expectedColumns typo',
    () => runTable({ protocols: ['reference-harness'], expectedColumns: { 'reference-harness': { reply: 0 } }, out }),
    /names no column 'reply' \(the handover family has n, transfers, replies/,
  ],
  // The app's refusals reach a library caller as TypeErrors with the same sentence the CLI prints.
  ['unknown protocol', () => runTable({ protocols: ['no-such'], out }), /^unknown protocol 'no-such' in family reservation; valid: /],
  ['unknown protocol to explore', () => explore({ protocol: 'no-such' }), /^unknown protocol 'no-such' in family reservation/],
  [
    'expectedColumns other protocol',
    () => runTable({ protocols: ['reference-harness'], expectedColumns: { 'count-in-memory': { replies: 0 } }, out }),
    /expectedColumns names 'count-in-memory', which is not in this table/,
  ],
];

describe('the library refuses bad options with one sentence, before running anything', () => {
  for (const [name, call, message] of BAD)
    it(name, async () => {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
      expect(readdirSync(out)).toEqual([]);
    });

  it("a protocol file that does not load keeps its own class, ProtocolFileError, for a caller to catch", async () => {
    const error = await runTable({ protocols: [join(out, 'missing.mts')], out }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProtocolFileError);
    expect(error).not.toBeInstanceOf(TypeError);
  });

  it('the bounds themselves still run: runs 1, seed -1, crashDepth 0, retentionMs null', async () => {
    const check = await checkProperty({ property: 'dedup-safety', runs: 1, seed: -1, out });
    expect(check.runs).toBe(1);
    expect(check.seed).toBe(-1);
    const explored = await explore({ protocol: 'outbox-dedup', crashDepth: 0, retentionMs: null });
    expect(explored.bounds.crashDepth).toBe(0);
    expect(explored.violations).toEqual([]);
  });
});
