import { availableParallelism } from 'node:os';

/** One slot per core: the work handed to the pool runs in child processes, so the cores are the limit. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * Runs `work` on every item with at most `jobs` at a time and returns the
 * results in the items' order, whatever order they finish in. The first
 * rejection stops new items from starting and is rethrown once the running
 * ones have settled.
 */
export async function mapPool<T, R>(items: readonly T[], jobs: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new RangeError(`jobs must be a positive integer, got ${jobs}`);
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const slot = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, slot));
  if (failure) throw failure.error;
  return results;
}

/**
 * Runs `work` on every item, each on one of `workers` (long-lived slots: a
 * child process, this process) that is free at the time, the first free one
 * in the order given (so the first item goes to the first worker, which may
 * be the one ready soonest), and returns the results in the items' order. It
 * is `mapPool` with one job per worker.
 */
export async function mapWorkers<W, T, R>(
  items: readonly T[],
  workers: readonly W[],
  work: (worker: W, item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const free = [...workers];
  return mapPool(items, workers.length, async (item, index) => {
    const worker = free.shift() as W;
    try {
      return await work(worker, item, index);
    } finally {
      free.push(worker);
    }
  });
}
