import { startWorkerPool } from '../process/worker-pool.js';
import { chunkWorkerSpec } from './chunk-worker-spec.js';
import { takeChunkWorkersAhead } from './early-workers.js';
import { traceSchedule } from './schedule-trace.js';
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
 * for checkChunked: those the command started ahead (see
 * startChunkWorkersAhead), told the data now, or new ones started with it.
 */
export function startChunkPool(data: ChunkWorkerData, processes: number): ChunkPool {
  const ahead = takeChunkWorkersAhead(processes);
  ahead?.setUp(data);
  const pool = ahead ?? startWorkerPool<CheckChunk, PropertyResult, RunProgress>({ ...chunkWorkerSpec(), data, processes });
  if (!ahead) traceSchedule('spawn', { pids: pool.pids });
  return { runners: pool.workers, pids: pool.pids, chunksDone: pool.jobsDone, close: () => pool.close() };
}
