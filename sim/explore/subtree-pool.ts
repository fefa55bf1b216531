import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../process/entry-path.js';
import type { ExploreBounds } from './controlled-run.js';
import type { SubtreeRunner } from './explore.js';
import type { SubtreeVerdicts } from './subtree.js';

/** What a worker thread needs to rebuild the target: names, not objects (functions do not cross threads). */
export interface SubtreeWorkerData {
  family: string;
  protocol: string;
  /** The user's module the protocol came from, loaded again in the thread. */
  protocolFile?: string;
  bounds: ExploreBounds;
  memoise: boolean;
}

export interface SubtreeJob {
  id: number;
  key: readonly number[];
  executionsMax: number;
}

export type SubtreeReply = { id: number; executed: true } | { id: number; verdicts: SubtreeVerdicts } | { id: number; error: string };

export interface SubtreePool {
  runners: SubtreeRunner[];
  close(): Promise<void>;
}

/**
 * Starts `threads` worker threads that explore subtrees of one target, each
 * a runner for `explore`'s pool slots. A thread that fails rejects the job it
 * had; `close` stops them all.
 */
export function startSubtreePool(data: SubtreeWorkerData, threads: number, onExecution?: () => void): SubtreePool {
  const entry = compiledEntry(new URL('./subtree-worker.js', import.meta.url));
  const workers = Array.from({ length: threads }, () => new Worker(entry, { workerData: data }));
  let nextId = 0;
  const runners = workers.map((worker): SubtreeRunner => {
    const pending = new Map<number, { resolve: (v: SubtreeVerdicts) => void; reject: (e: Error) => void }>();
    const failAll = (error: Error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    worker.on('message', (message: SubtreeReply) => {
      if ('executed' in message) return onExecution?.();
      const job = pending.get(message.id);
      pending.delete(message.id);
      if ('verdicts' in message) job?.resolve(message.verdicts);
      else job?.reject(new Error(`explore worker thread failed: ${message.error}`));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`explore worker thread exited with code ${code}`)));
    return (key, executionsMax) =>
      new Promise<SubtreeVerdicts>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, key, executionsMax } satisfies SubtreeJob);
      });
  });
  return {
    runners,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
