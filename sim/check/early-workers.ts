import type { WorkerPool } from '../process/worker-pool.js';
import { startWorkerPool } from '../process/worker-pool.js';
import type { PropertyResult } from './check-property.js';
import type { RunProgress } from './check-chunked.js';
import { chunkWorkerSpec } from './chunk-worker-spec.js';
import type { CheckChunk } from './chunks.js';
import { traceSchedule } from './schedule-trace.js';

type ChunkWorkers = WorkerPool<CheckChunk, PropertyResult, RunProgress>;

/** The worker processes started ahead of the command's plan, until the command takes or stops them. */
let ahead: ChunkWorkers | undefined;
/** Pools stopped and not yet reaped: stopUnusedChunkWorkers waits for them. */
const stopping: Promise<void>[] = [];

/**
 * Starts `processes` worker processes of a `sim check` now, before this
 * process loads the family, its suite and the request (during which a worker
 * started afterwards would not be loading; see workersAhead). They load the
 * check's modules and then wait for the request's data (startChunkPool hands
 * it to them).
 */
export function startChunkWorkersAhead(processes: number): void {
  if (processes < 1 || ahead) return;
  ahead = startWorkerPool({ ...chunkWorkerSpec(), processes });
  traceSchedule('spawn', { pids: ahead.pids });
}

/** The workers started ahead, when there are exactly `processes` of them; otherwise they are stopped and undefined is returned. */
export function takeChunkWorkersAhead(processes: number): ChunkWorkers | undefined {
  const taken = ahead;
  ahead = undefined;
  if (taken?.pids.length === processes) return taken;
  if (taken) stopping.push(taken.close());
  return undefined;
}

/** Kills the workers started ahead, at once, when the command knows it runs no chunk in them (they are reaped meanwhile). */
export function dropChunkWorkersAhead(): void {
  takeChunkWorkersAhead(0);
}

/** Stops and reaps the workers started ahead that the command did not take: it needed none after all, or ended on bad input. */
export async function stopUnusedChunkWorkers(): Promise<void> {
  dropChunkWorkersAhead();
  await Promise.all(stopping.splice(0));
}
