import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChunks, chunkSeed, mergeChunkVerdicts, shardChunks, type CheckChunk, type ChunkVerdict } from './pool-check-shards.js';

/**
 * A chunk run with fast-check for real: the property fails on a multiple of
 * 97 above 500, and the tally counts the even values it drew. What a chunk
 * finds depends only on its seed and runs, which the test relies on.
 */
function runChunk(chunk: CheckChunk): ChunkVerdict {
  const tally = { even: 0 };
  const details = fc.check(
    fc.property(fc.integer({ min: 0, max: 100_000 }), (value) => {
      if (value % 2 === 0) tally.even++;
      return !(value > 500 && value % 997 === 0);
    }),
    { numRuns: chunk.runs, seed: chunk.seed },
  );
  return {
    property: chunk.property,
    index: chunk.index,
    runs: chunk.runs,
    tally,
    ...(details.failed ? { counterexample: { seed: details.seed, path: details.counterexamplePath ?? '', kind: 'multiple-of-997' } } : {}),
  };
}

describe('sim check --shard i/n: the pure parts (chunks, seeds, union)', () => {
  const chunks = checkChunks(['a', 'b'], 2_500, 42);

  it('cuts every property into the same chunks whatever n is, with seeds derived from the printed seed', () => {
    expect(chunks.map((c) => c.runs)).toEqual([...Array(25).fill(100), ...Array(25).fill(100)]);
    expect(new Set(chunks.map((c) => c.seed)).size).toBe(50);
    expect(chunks[3]!.seed).toBe(chunkSeed(42, 'a', 3));
    expect(checkChunks(['a'], 250, 42).map((c) => c.runs)).toEqual([100, 100, 50]);
  });

  it.each([2, 3])(
    'the union of the verdicts of %i shards is the unsharded verdict, and a counterexample replays from its seed and path alone',
    (count) => {
      const whole = mergeChunkVerdicts(chunks.map(runChunk));
      const parts = Array.from({ length: count }, (_, i) => shardChunks(chunks, { index: i + 1, count }).map(runChunk));
      expect(parts.reduce((sum, part) => sum + part.length, 0)).toBe(chunks.length);
      expect(mergeChunkVerdicts(parts.flat())).toEqual(whole);
      // The property really failed somewhere and the draws were counted: the union is not of empty verdicts.
      const failing = whole.find((verdict) => verdict.counterexample)!;
      expect(whole.every((verdict) => verdict.runs === 2_500 && verdict.tally.even! > 700)).toBe(true);
      const { seed, path } = failing.counterexample!;
      const replay = fc.check(
        fc.property(fc.integer({ min: 0, max: 100_000 }), (value) => !(value > 500 && value % 997 === 0)),
        { seed, path, endOnFailure: true },
      );
      expect(replay.failed).toBe(true);
    },
  );
});
