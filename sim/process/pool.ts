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

/** A long-lived slot of a pool; one that must load first (a worker process) says when it can take work. */
export interface Slot {
  ready?: Promise<unknown>;
}

/**
 * Runs `work` on every item, each on one of `workers` (long-lived slots: a
 * child process, this process), and returns the results in the items' order.
 * Each worker takes the next item as soon as it is free, and a worker that
 * is still loading (its `ready` has not settled) takes none until it is
 * ready: the others do not wait for it, and once every item is taken it is
 * not waited for at all. The first rejection (of an item, or of a worker's
 * `ready` while items are left) stops new items from starting and is
 * rethrown once the running ones have settled.
 */
export async function mapWorkers<W extends Slot, T, R>(
  items: readonly T[],
  workers: readonly W[],
  work: (worker: W, item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (workers.length === 0) throw new RangeError('mapWorkers needs at least one worker');
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  let allTaken!: () => void;
  const taken = new Promise<boolean>((resolve) => (allTaken = () => resolve(false)));
  const take = (): number | undefined => {
    if (failure === undefined && next < items.length) return next++;
    allTaken();
    return undefined;
  };
  const serve = async (worker: W): Promise<void> => {
    if (worker.ready) {
      try {
        if (!(await Promise.race([worker.ready.then(() => true), taken]))) return;
      } catch (error) {
        failure ??= { error };
        allTaken();
        return;
      }
    }
    for (let index = take(); index !== undefined; index = take()) {
      try {
        results[index] = await work(worker, items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(workers.map(serve));
  if (failure) throw failure.error;
  return results;
}
