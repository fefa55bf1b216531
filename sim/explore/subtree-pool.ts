import { compiledEntry } from '../process/entry-path.js';
import { startWorkerPool } from '../process/worker-pool.js';
import type { ExploreBounds } from './controlled-run.js';
import type { SubtreeRunner } from './explore.js';
import type { SubtreeVerdicts } from './subtree.js';

/** What a worker process needs to rebuild the target: names, not objects (functions do not cross processes). */
export interface SubtreeWorkerData {
  family: string;
  protocol: string;
  /** The user's module the protocol came from, loaded again in the worker. */
  protocolFile?: string;
  bounds: ExploreBounds;
  memoise: boolean;
}

/** A subtree to explore: the first choices that name it, and the most executions it may take. */
export interface SubtreeJob {
  key: readonly number[];
  executionsMax: number;
}

/** What a worker reports while it explores: one execution went by (for the progress line). */
export type SubtreeEvent = 'executed';

export interface SubtreePool {
  runners: SubtreeRunner[];
  /** The worker processes' pids (a test checks they explored subtrees and are gone afterwards). */
  pids: number[];
  close(): Promise<void>;
}

/**
 * Starts `processes` worker processes (see startWorkerPool) that explore
 * subtrees of one target, each a runner for `explore`'s pool slots. A worker
 * that dies rejects the subtree it had; `close` kills and reaps them all.
 */
export function startSubtreePool(data: SubtreeWorkerData, processes: number, onExecution?: () => void): SubtreePool {
  const pool = startWorkerPool<SubtreeJob, SubtreeVerdicts, SubtreeEvent>({
    entry: compiledEntry(new URL('./subtree-worker.js', import.meta.url)),
    data,
    processes,
    name: 'sim explore worker',
  });
  return {
    runners: pool.workers.map((worker): SubtreeRunner =>
      Object.assign((key: readonly number[], executionsMax: number) => worker({ key, executionsMax }, () => onExecution?.()), {
        ready: worker.ready,
      }),
    ),
    pids: pool.pids,
    close: () => pool.close(),
  };
}
