import { Worker } from 'node:worker_threads';
import type { CaseResult, CaseSpec } from '../engine/run-case.js';
import { compiledEntry } from '../process/entry-path.js';

export interface CaseJob {
  id: number;
  family: string;
  protocol: string;
  folder: string;
  cut: CaseSpec['cut'];
}

type CaseAnswer = { id: number; result: CaseResult } | { id: number; error: string };
export type CaseReply = CaseAnswer | { ready: true };

export type CaseRunner = (spec: CaseSpec) => Promise<CaseResult>;

export interface CasePool {
  /** Runs a case in a free worker thread when it is a plain built-in case, otherwise with `here`. */
  runCase: CaseRunner;
  /** Cases run at a time: one per thread, and this thread. */
  jobs: number;
  /** Cases a worker thread ran (the rest ran here). */
  inThreads(): number;
  close(): Promise<void>;
}

/** A case a thread can rebuild from names: a built-in protocol on the default files, with nothing the caller injects. */
function plain(spec: CaseSpec): boolean {
  return (
    spec.family.protocols.some((entry) => entry.protocol === spec.protocol) &&
    !spec.protocolFile &&
    !spec.clientFactory &&
    !spec.medium &&
    !spec.afterLife &&
    !spec.history &&
    !spec.discoverBoundaries &&
    spec.workload === undefined
  );
}

/**
 * `threads` worker threads beside this one, for the cases of a table. Each
 * case has its own folder and fresh stores and its history depends only on
 * the case, so which thread runs it changes nothing it writes. A thread that
 * is still loading, or busy, leaves the case to `here`.
 */
export function startCasePool(threads: number, here: CaseRunner): CasePool {
  const entry = compiledEntry(new URL('./case-worker.js', import.meta.url));
  type Slot = { worker: Worker; pending: Map<number, (answer: CaseAnswer) => void> };
  const free: Slot[] = [];
  const all = Array.from({ length: threads }, () => {
    const slot: Slot = { worker: new Worker(entry), pending: new Map() };
    const failAll = (error: string) => {
      for (const settle of slot.pending.values()) settle({ id: -1, error });
      slot.pending.clear();
    };
    slot.worker.on('message', (reply: CaseReply) => {
      // A thread takes cases once it has loaded its modules: until then every case runs here.
      if ('ready' in reply) return free.push(slot);
      slot.pending.get(reply.id)?.(reply);
      slot.pending.delete(reply.id);
    });
    slot.worker.on('error', (error) => failAll(error.stack ?? error.message));
    slot.worker.on('exit', (code) => {
      const position = free.indexOf(slot);
      if (position !== -1) free.splice(position, 1);
      failAll(`case worker thread exited with code ${code}`);
    });
    return slot;
  });
  let nextId = 0;
  let ranInThreads = 0;
  return {
    jobs: threads + 1,
    inThreads: () => ranInThreads,
    runCase: async (spec) => {
      // An in-process case runs on promises alone: let the event loop take the threads' messages (ready, results) first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const slot = plain(spec) ? free.pop() : undefined;
      if (!slot) return here(spec);
      try {
        const id = nextId++;
        const reply = await new Promise<CaseAnswer>((settle) => {
          slot.pending.set(id, settle);
          slot.worker.postMessage({
            id,
            family: spec.family.name,
            protocol: spec.protocol.name,
            folder: spec.folder,
            cut: spec.cut,
          } satisfies CaseJob);
        });
        if ('error' in reply) throw new Error(`a table case failed in its worker thread: ${reply.error}`);
        ranInThreads++;
        return reply.result;
      } finally {
        free.push(slot);
      }
    },
    close: async () => {
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}
