import { checkChunk } from '../check/check-chunk.js';
import type { ChunkRunner } from '../check/check-chunked.js';
import { startChunkPool } from '../check/chunk-pool.js';
import { dropChunkWorkersAhead } from '../check/early-workers.js';
import type { CheckChunk } from '../check/chunks.js';
import type { CheckRequest } from './check-request.js';

/** Where a check's chunks run: the runners, how to stop the processes behind them, and how many run at a time. */
export interface CheckRunners {
  runners: readonly ChunkRunner[];
  /** Chunks run at a time (1: in this process). */
  jobs: number;
  close(): Promise<void>;
}

/**
 * The runners of `sim check --jobs N`: this process and N - 1 worker
 * processes (it runs chunks while they load, and after), or this process
 * alone when N is 1, or when there is a single chunk, or when the receivers are
 * on a wire served by this process (--transport http), which a worker cannot reach.
 * A chunk's result does not depend on where it runs: its runs, seed and
 * scratch folder are the chunk's own.
 */
export function checkRunners(plan: CheckRequest, jobs: number, chunks: readonly CheckChunk[], scratch: string, cwd: string): CheckRunners {
  const processes = plan.openWire ? 0 : Math.min(jobs, chunks.length) - 1;
  const here: ChunkRunner = (chunk, onRun) => {
    const definition = plan.suite.properties.find((candidate) => candidate.name === chunk.property);
    if (!definition) throw new Error(`a chunk of an unknown property ${chunk.property}`);
    return checkChunk(plan.suite, definition, chunk, {
      bounds: plan.bounds,
      store: plan.store,
      scratch,
      ...(plan.protocol ? { protocol: plan.protocol } : {}),
      ...(plan.transform ? { transform: plan.transform } : {}),
      ...(plan.openWire ? { openWire: plan.openWire } : {}),
      onRun,
    });
  };
  if (processes < 1) {
    dropChunkWorkersAhead();
    return { runners: [here], jobs: 1, close: async () => {} };
  }
  const pool = startChunkPool(
    {
      family: plan.family.name,
      bounds: plan.bounds,
      store: plan.store,
      scratch,
      ...(plan.protocol
        ? { protocol: { name: plan.protocol.protocol.name, ...(plan.protocol.file ? { file: plan.protocol.file } : {}) } }
        : {}),
      familyOptions: Object.fromEntries(plan.familyOptions.map(([flag, value]) => [flag.replace(/^--/, ''), value])),
      cwd,
    },
    processes,
  );
  return { runners: [here, ...pool.runners], jobs: processes + 1, close: () => pool.close() };
}
