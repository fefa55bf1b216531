import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChunked, type ChunkRunner } from './check-chunked.js';
import type { PropertyResult } from './check-property.js';
import { chunkSeed, propertyChunks, shardChunks, type CheckChunk } from './chunks.js';
import { mergeChunks } from './merge-chunks.js';

/**
 * A chunk run with fast-check for real, in the shape checkChunk returns: the
 * property fails on a multiple of 997 above 500 (rare enough that some
 * chunks of 100 miss it), and the tally counts the even values it drew.
 */
async function runChunk(chunk: CheckChunk): Promise<PropertyResult> {
  const tally = { runs: 0, even: 0 };
  let executed = 0;
  const details = fc.check(
    fc.property(fc.integer({ min: 0, max: 100_000 }), (value) => {
      executed++;
      tally.runs++;
      if (value % 2 === 0) tally.even++;
      return !(value > 500 && value % 997 === 0);
    }),
    { numRuns: chunk.runs, seed: chunk.seed },
  );
  const expect = chunk.property === 'control' ? 'find' : 'hold';
  return {
    family: 'toy',
    name: chunk.property,
    expect,
    protocol: 'toy',
    outcome: details.failed ? (expect === 'find' ? 'found' : 'failed') : expect === 'find' ? 'missed' : 'held',
    passed: details.failed === (expect === 'find'),
    seed: chunk.seed,
    store: 'memory',
    runs: details.numRuns,
    shrinks: details.numShrinks,
    timeMs: 1,
    runsPerSecond: executed * 1000,
    tally,
    mustFire: ['even'],
    unfired: [],
    ...(details.failed
      ? { counterexample: { trial: details.counterexample, seed: chunk.seed, path: details.counterexamplePath!, violation: undefined } }
      : {}),
    chunks: [
      {
        index: chunk.index,
        seed: chunk.seed,
        runs: details.numRuns,
        failed: details.failed,
        shrinks: details.numShrinks,
        executed,
        timeMs: 1,
        tally,
      },
    ],
  };
}

const PROPERTIES = [
  { name: 'safety', expect: 'hold' as const },
  { name: 'control', expect: 'find' as const },
];

async function checkAll(chunks: readonly CheckChunk[], runners: number): Promise<PropertyResult[]> {
  const runner: ChunkRunner = (chunk) => runChunk(chunk);
  const check = checkChunked(
    chunks,
    Array.from({ length: runners }, () => runner),
    42,
    () => {},
  );
  const results = await Promise.all(check.properties.map(({ result }) => result));
  await check.done;
  return results;
}

describe('sim check chunks: seeds, the split of shards, the merge', () => {
  it('cuts each property into chunks of 100 whatever n is; chunk 0 takes the printed seed, the others derived ones', () => {
    const chunks = propertyChunks('a', 250, 42);
    expect(chunks.map((c) => c.runs)).toEqual([100, 100, 50]);
    expect(chunks.map((c) => c.seed)).toEqual([42, chunkSeed(42, 'a', 1), chunkSeed(42, 'a', 2)]);
    expect(new Set(propertyChunks('a', 5_000, 42).map((c) => c.seed)).size).toBe(50);
    expect(chunkSeed(42, 'b', 1)).not.toBe(chunkSeed(42, 'a', 1));
  });

  it('deals one unit per chunk of a property that must hold, and a negative control as one unit of all its chunks', () => {
    const names = (chunks: CheckChunk[]) => chunks.map((c) => `${c.property}${c.index}`);
    expect(names(shardChunks(PROPERTIES, 300, 42, { index: 1, count: 2 }))).toEqual(['safety0', 'safety2']);
    expect(names(shardChunks(PROPERTIES, 300, 42, { index: 2, count: 2 }))).toEqual(['safety1', 'control0', 'control1', 'control2']);
    expect(names(shardChunks(PROPERTIES, 300, 42, { index: 5, count: 5 }))).toEqual([]);
  });

  it.each([2, 3, 7])('the merged verdicts of %i shards are the unsharded ones, and the first failing chunk wins', async (count) => {
    const all = shardChunks(PROPERTIES, 2_000, 42, undefined);
    const whole = await checkAll(all, 1);
    const safety = whole[0]!;
    // The toy property really failed, and not in its first chunk: the merge had earlier passing chunks to add.
    expect(safety.outcome).toBe('failed');
    const failedAt = safety.chunks!.at(-1)!.index;
    expect(failedAt).toBeGreaterThan(0);
    expect(safety.runs).toBe(failedAt * 100 + safety.chunks!.at(-1)!.runs);
    expect(safety.tally.even).toBeGreaterThan(failedAt * 30);
    const parts: PropertyResult[] = [];
    for (let index = 1; index <= count; index++) parts.push(...(await checkAll(shardChunks(PROPERTIES, 2_000, 42, { index, count }), 2)));
    const merged = PROPERTIES.map(({ name }) =>
      mergeChunks(
        parts.filter((part) => part.name === name),
        42,
      ),
    );
    expect(merged).toEqual(whole);
    // The counterexample replays from its chunk's seed and path alone.
    const { seed, path } = safety.counterexample!;
    const replay = fc.check(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (value) => !(value > 500 && value % 997 === 0)),
      {
        seed,
        path,
        endOnFailure: true,
      },
    );
    expect(replay.failed).toBe(true);
  });

  it('a pool of runners skips the chunks after a failure, and merges to what one runner gives', async () => {
    const all = shardChunks(PROPERTIES, 2_000, 42, undefined);
    let ran = 0;
    const counting: ChunkRunner = (chunk) => {
      ran++;
      return runChunk(chunk);
    };
    const check = checkChunked(all, [counting, counting, counting], 42, () => {});
    const pooled = await Promise.all(check.properties.map(({ result }) => result));
    await check.done;
    expect(pooled).toEqual(await checkAll(all, 1));
    expect(ran).toBeLessThan(all.length);
  });
});
