import { compiledEntry } from '../process/entry-path.js';
import { startWorkerPool } from '../process/worker-pool.js';
import type { Slot } from '../process/pool.js';
import type { ExploreBounds } from './controlled-run.js';
import type { ProtocolSource } from './protocol-source.js';
import type { SubtreeVerdicts } from './subtree.js';

/**
 * What a worker process needs to rebuild the targets: names, not objects
 * (functions do not cross processes). Every protocol of the exploration is
 * loaded once, at start-up, so a job only has to name its own.
 */
export interface SubtreeWorkerData {
  sources: ProtocolSource[];
  bounds: ExploreBounds;
  memoise: boolean;
  reduction: boolean;
}

/** The protocol a job explores, by the names its source was given (the worker loaded it from there). */
export interface ProtocolNames {
  family: string;
  protocol: string;
}

/** A subtree to explore: the protocol, the first choices that name the subtree, and the most executions it may take. */
export interface SubtreeJob extends ProtocolNames {
  key: readonly number[];
  executionsMax: number;
}

/** What a worker reports while it explores: one execution went by (for the progress line). */
export type SubtreeEvent = 'executed';

/** Explores one subtree of one protocol in a worker process, which says when it has loaded. */
export type SubtreeRunner = ((job: SubtreeJob) => Promise<SubtreeVerdicts>) & Slot;

export interface SubtreePool {
  runners: SubtreeRunner[];
  /** The worker processes' pids (a test checks they explored subtrees and are gone afterwards). */
  pids: number[];
  close(): Promise<void>;
}

/** The key a worker finds a loaded protocol by: family and protocol names (a protocol's name is unique in its family). */
export function sourceKey(names: ProtocolNames): string {
  return `${names.family}/${names.protocol}`;
}

/**
 * Starts `processes` worker processes (see startWorkerPool) that explore
 * subtrees of the protocols in `data`, each a runner for a slot of the
 * exploration's pool. A worker that dies rejects the subtree it had; `close`
 * kills and reaps them all.
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
      Object.assign((job: SubtreeJob) => worker(job, () => onExecution?.()), { ready: worker.ready }),
    ),
    pids: pool.pids,
    close: () => pool.close(),
  };
}
