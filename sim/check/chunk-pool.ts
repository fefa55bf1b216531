import { compiledEntry } from '../process/entry-path.js';
import { startWorkerPool } from '../process/worker-pool.js';
import type { PropertyResult } from './check-property.js';
import type { ChunkRunner, RunProgress } from './check-chunked.js';
import type { CheckChunk } from './chunks.js';
import type { StoreKind } from './suite.js';

/**
 * What a worker process needs to rebuild a check: names and plain values, not
 * objects (functions do not cross processes). It finds the suite in the
 * registry, the protocol in the family or the user's file, and the family's
 * own options' transform from the options as given.
 */
export interface ChunkWorkerData {
  family: string;
  bounds: unknown;
  store: StoreKind;
  scratch: string;
  /** The protocol checked instead of the properties' own: a built-in's name, or the user's module file. */
  protocol?: { name: string; file?: string };
  /** The family's own options as given (by option name), and the folder they are read from. */
  familyOptions: Record<string, string>;
  cwd: string;
}

export interface ChunkPool {
  runners: ChunkRunner[];
  /** The worker processes' pids (a test checks they ran the chunks and are gone afterwards). */
  pids: number[];
  /** Chunks each worker process finished, in the order of `runners`. */
  chunksDone: number[];
  close(): Promise<void>;
}

/**
 * `processes` worker processes (see startWorkerPool), each a runner of chunks
 * for checkChunked. The entry is the composition root's
 * (entry/check-worker.ts), since a worker must register the scenarios before
 * it can find a property.
 */
export function startChunkPool(data: ChunkWorkerData, processes: number): ChunkPool {
  const pool = startWorkerPool<CheckChunk, PropertyResult, RunProgress>({
    entry: compiledEntry(new URL('../../entry/check-worker.js', import.meta.url)),
    data,
    processes,
    name: 'sim check worker',
  });
  return { runners: pool.workers, pids: pool.pids, chunksDone: pool.jobsDone, close: () => pool.close() };
}
