/** One of n parts of a job: `--shard 2/3` is { index: 2, count: 3 }. */
export interface Shard {
  index: number;
  count: number;
}
