import { compiledEntry } from '../process/entry-path.js';

/**
 * The entry and name of a `sim check` worker process: the composition root's
 * (entry/check-worker.ts), since a worker must register the scenarios before
 * it can find a property.
 */
export function chunkWorkerSpec(): { entry: string; name: string } {
  return { entry: compiledEntry(new URL('../../entry/check-worker.js', import.meta.url)), name: 'sim check worker' };
}
