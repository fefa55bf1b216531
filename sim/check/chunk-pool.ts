import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv } from '../process/children.js';
import { compiledEntry } from '../process/entry-path.js';
import { interruptedBy, onInterrupt } from '../process/interrupt.js';
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

export interface ChunkJob {
  id: number;
  chunk: CheckChunk;
}

/** A run went by (for the progress line), the chunk's result (as JSON: a trial need not be cloneable), or why it threw. */
export type ChunkReply = { id: number; progress: RunProgress } | { id: number; result: string } | { id: number; error: string };

export interface ChunkPool {
  runners: ChunkRunner[];
  /** The worker processes' pids (a test checks they ran the chunks and are gone afterwards). */
  pids: number[];
  close(): Promise<void>;
}

/**
 * `processes` worker processes, each a runner of chunks for checkChunked,
 * spoken to over Node's IPC channel. Processes and not threads: two threads
 * of one process run a chunk each at barely more than one thread's speed
 * (every munmap and mprotect of SQLite's WAL maps and V8's heap then costs a
 * TLB shootdown on the other core, about ten times as many, read from
 * /proc/interrupts), two processes at nearly twice. The entry is the
 * composition root's (entry/check-worker.ts), since a worker must register
 * the scenarios before it can find a property. A worker dies with this
 * process, even by SIGKILL; Ctrl-C kills and reaps them; a worker that dies
 * rejects the chunk it had.
 */
export function startChunkPool(data: ChunkWorkerData, processes: number): ChunkPool {
  const entry = compiledEntry(new URL('../../entry/check-worker.js', import.meta.url));
  const children = Array.from({ length: processes }, () =>
    spawn(process.execPath, [entry, JSON.stringify(data)], { stdio: ['pipe', 'inherit', 'inherit', 'ipc'], env: childEnv() }),
  );
  const exits = children.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  const killAll = async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(exits);
  };
  const forget = onInterrupt(async () => {
    await killAll();
    return `${children.length} sim check worker process(es) killed and reaped`;
  });
  let nextId = 0;
  return {
    runners: children.map((child) => chunkRunner(child, () => nextId++)),
    pids: children.map((child) => child.pid ?? -1),
    close: async () => {
      forget();
      await killAll();
    },
  };
}

/** The runner of one worker process: each chunk sent with an id, its replies matched by it. */
function chunkRunner(child: ChildProcess, newId: () => number): ChunkRunner {
  type Pending = { resolve: (result: PropertyResult) => void; reject: (error: Error) => void; onRun: (progress: RunProgress) => void };
  const pending = new Map<number, Pending>();
  let dead: Error | undefined;
  const failAll = (error: Error) => {
    // Ctrl-C reaches the workers too (a terminal signals the whole group): the process is about to exit 130, nothing settles.
    if (interruptedBy()) return;
    dead ??= error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  child.on('message', (reply: ChunkReply) => {
    const job = pending.get(reply.id);
    if ('progress' in reply) return job?.onRun(reply.progress);
    pending.delete(reply.id);
    if ('result' in reply) job?.resolve(JSON.parse(reply.result) as PropertyResult);
    else job?.reject(new Error(`sim check worker process failed: ${reply.error}`));
  });
  child.on('error', failAll);
  child.on('exit', (code, signal) => failAll(new Error(`sim check worker process ended (${signal ?? `exit code ${code}`})`)));
  return (chunk, onRun) =>
    new Promise<PropertyResult>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = newId();
      pending.set(id, { resolve, reject, onRun });
      // A channel already closed says so here; the worker's exit rejects every chunk it had anyway.
      child.send({ id, chunk } satisfies ChunkJob, (error) => {
        if (error) failAll(error);
      });
    });
}
