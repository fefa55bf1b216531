import { createHash } from 'node:crypto';
import { shardItems, type Shard } from '../explore/shard.js';

/**
 * The pure parts of `sim check --shard i/n` and of a check pool, for the
 * generic property runner (sim/check/) to call: the runs of every property
 * are cut into chunks of a fixed size, each a fast-check run of its own with
 * a seed derived from the printed seed, so the chunks are the same units
 * whatever n is and whoever runs them. A shard keeps every n-th chunk; a pool
 * hands chunks to its slots; the chunks' verdicts merge to the whole run's.
 */
export interface CheckChunk {
  property: string;
  /** Position of this chunk among its property's chunks. */
  index: number;
  runs: number;
  /** The seed fast-check gets for this chunk: a replay line prints it, and `--seed S --path P` replays without --shard. */
  seed: number;
}

/** Runs per chunk: small enough for two cores and a few shards to share a property, large enough that a chunk's set-up does not count. */
export const CHUNK_RUNS = 100;

/** A 32-bit seed for chunk `index` of `property`, from the printed seed alone. */
export function chunkSeed(seed: number, property: string, index: number): number {
  return createHash('sha256').update(`${seed}/${property}/${index}`).digest().readInt32BE(0);
}

/** Every chunk of a check, property by property, in the order a single runner takes them. */
export function checkChunks(properties: readonly string[], runs: number, seed: number, chunkRuns = CHUNK_RUNS): CheckChunk[] {
  return properties.flatMap((property) =>
    Array.from({ length: Math.ceil(runs / chunkRuns) }, (_, index) => ({
      property,
      index,
      runs: Math.min(chunkRuns, runs - index * chunkRuns),
      seed: chunkSeed(seed, property, index),
    })),
  );
}

export function shardChunks(chunks: readonly CheckChunk[], shard: Shard | undefined): CheckChunk[] {
  return shardItems(chunks, shard);
}

/** One chunk's verdict, as the property runner reports it. */
export interface ChunkVerdict {
  property: string;
  index: number;
  runs: number;
  /** How often each fault kind fired. */
  tally: Record<string, number>;
  /** The chunk's counterexample, with the seed and path that replay it. */
  counterexample?: { seed: number; path: string; kind: string };
}

export interface PropertyVerdict {
  property: string;
  runs: number;
  tally: Record<string, number>;
  /** The first counterexample in chunk order: the one a single runner would print. */
  counterexample?: ChunkVerdict['counterexample'];
}

/** The union of chunks' verdicts, per property: runs and tallies add up, the first counterexample in chunk order is kept. */
export function mergeChunkVerdicts(verdicts: readonly ChunkVerdict[]): PropertyVerdict[] {
  const byProperty = new Map<string, PropertyVerdict>();
  for (const verdict of [...verdicts].sort((a, b) => a.property.localeCompare(b.property) || a.index - b.index)) {
    const merged = byProperty.get(verdict.property) ?? { property: verdict.property, runs: 0, tally: {} };
    merged.runs += verdict.runs;
    for (const [kind, count] of Object.entries(verdict.tally)) merged.tally[kind] = (merged.tally[kind] ?? 0) + count;
    if (!merged.counterexample && verdict.counterexample) merged.counterexample = verdict.counterexample;
    byProperty.set(verdict.property, merged);
  }
  return [...byProperty.values()];
}
