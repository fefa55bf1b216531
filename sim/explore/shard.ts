import type { Shard } from '../results/shard.js';

export type { Shard } from '../results/shard.js';

/** Reads `i/n` (1 ≤ i ≤ n ≤ 1000), or says in one sentence why it cannot. */
export function parseShard(text: string): Shard | { error: string } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return { error: `a shard is written i/n, e.g. 1/3; got '${text}'` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000 || index < 1 || index > count) {
    return { error: `a shard i/n needs 1 ≤ i ≤ n ≤ 1000; got '${text}'` };
  }
  return { index, count };
}

/**
 * The items of one shard: every n-th item starting from the i-th, so that the
 * n shards together hold each item exactly once and neighbours (which tend to
 * be of similar size) go to different shards.
 */
export function shardItems<T>(items: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...items];
  return items.filter((_, position) => position % shard.count === shard.index - 1);
}
