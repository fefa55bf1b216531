import { createHash } from 'node:crypto';
import { shardItems, type Shard } from '../explore/shard.js';

/**
 * How `sim check` cuts its work, the same whoever runs it (one process, a
 * pool, n CI shards): each property's runs are cut into chunks of
 * CHUNK_RUNS, and each chunk is a fast-check run of its own, with a seed
 * derived from (printed seed, property, chunk). A chunk's verdict therefore
 * depends on nothing but the chunk, and the verdicts of any set of runners
 * merge into the one a single runner gives.
 */
export interface CheckChunk {
  property: string;
  /** Position of this chunk among its property's chunks. */
  index: number;
  runs: number;
  /** The seed fast-check gets for this chunk: a counterexample's replay line prints it with the path. */
  seed: number;
}

/** Runs per chunk: small enough for two cores and a few shards to share a property, large enough that a chunk's set-up does not count. */
export const CHUNK_RUNS = 100;

/**
 * The seed of chunk `index` of `property`. The first chunk takes the printed
 * seed itself, so a check of at most CHUNK_RUNS runs is exactly the single
 * fast-check run it always was (and its replay lines print the printed seed).
 */
export function chunkSeed(seed: number, property: string, index: number): number {
  if (index === 0) return seed;
  return createHash('sha256').update(`${seed}/${property}/${index}`).digest().readInt32BE(0);
}

/** Every chunk of one property, in the order a single runner takes them. */
export function propertyChunks(property: string, runs: number, seed: number, chunkRuns = CHUNK_RUNS): CheckChunk[] {
  return Array.from({ length: Math.ceil(runs / chunkRuns) }, (_, index) => ({
    property,
    index,
    runs: Math.min(chunkRuns, runs - index * chunkRuns),
    seed: chunkSeed(seed, property, index),
  }));
}

/** What the split needs to know of a property: a negative control is judged on all its runs together. */
export interface ChunkedProperty {
  name: string;
  expect: 'hold' | 'find';
}

/**
 * The chunks one shard runs. The units are dealt in order, property by
 * property: every chunk of a property that must hold is a unit of its own (a
 * failure anywhere fails the whole, so any shard may judge it), while a
 * negative control is one unit with all its chunks (it passes only if some
 * chunk finds its bug, which one shard can judge only if it has them all).
 * Shard i of n takes every n-th unit from the i-th.
 */
export function shardChunks(
  properties: readonly ChunkedProperty[],
  runs: number,
  seed: number,
  shard: Shard | undefined,
  chunkRuns = CHUNK_RUNS,
): CheckChunk[] {
  const units = properties.flatMap((property) => {
    const chunks = propertyChunks(property.name, runs, seed, chunkRuns);
    return property.expect === 'find' ? [chunks] : chunks.map((chunk) => [chunk]);
  });
  return shardItems(units, shard).flat();
}
