import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../process/entry-path.js';
import type { PropertyResult } from './check-property.js';
import type { ChunkRunner, RunProgress } from './check-chunked.js';
import type { CheckChunk } from './chunks.js';
import type { StoreKind } from './suite.js';

/**
 * What a worker thread needs to rebuild a check: names and plain values, not
 * objects (functions do not cross threads). It finds the suite in the
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

export interface ChunkJob {
  id: number;
  chunk: CheckChunk;
}

/** A run went by (for the progress line), the chunk's result (as JSON: a trial need not be cloneable), or why it threw. */
export type ChunkReply = { id: number; progress: RunProgress } | { id: number; result: string } | { id: number; error: string };

export interface ChunkPool {
  runners: ChunkRunner[];
  close(): Promise<void>;
}

/**
 * `threads` worker threads, each a runner of chunks for checkChunked. The
 * thread's entry is the composition root's (entry/check-worker.ts), since a
 * thread must register the scenarios before it can find a property. A thread
 * that dies rejects the chunk it had.
 */
export function startChunkPool(data: ChunkWorkerData, threads: number): ChunkPool {
  const entry = compiledEntry(new URL('../../entry/check-worker.js', import.meta.url));
  const workers = Array.from({ length: threads }, () => new Worker(entry, { workerData: data }));
  let nextId = 0;
  const runners = workers.map((worker): ChunkRunner => {
    type Pending = { resolve: (result: PropertyResult) => void; reject: (error: Error) => void; onRun: (progress: RunProgress) => void };
    const pending = new Map<number, Pending>();
    let dead: Error | undefined;
    const failAll = (error: Error) => {
      dead ??= error;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    worker.on('message', (reply: ChunkReply) => {
      const job = pending.get(reply.id);
      if ('progress' in reply) return job?.onRun(reply.progress);
      pending.delete(reply.id);
      if ('result' in reply) job?.resolve(JSON.parse(reply.result) as PropertyResult);
      else job?.reject(new Error(`sim check worker thread failed: ${reply.error}`));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`sim check worker thread exited with code ${code}`)));
    return (chunk, onRun) =>
      new Promise<PropertyResult>((resolve, reject) => {
        if (dead) return reject(dead);
        const id = nextId++;
        pending.set(id, { resolve, reject, onRun });
        worker.postMessage({ id, chunk } satisfies ChunkJob);
      });
  });
  return {
    runners,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
