import { spawn, type ChildProcess } from 'node:child_process';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { childEnv } from './children.js';
import { interruptedBy, onInterrupt } from './interrupt.js';
import { respondWithinMs } from './let-signals-in.js';

/** A job as the parent sends it to a worker process, with the id its replies carry. */
export interface JobMessage<J> {
  id: number;
  job: J;
}

/** The set-up data of a pool started before its data was known (see WorkerPool.setUp), the first message its workers get. */
export interface SetUpMessage {
  setUp: unknown;
}

/**
 * What a worker process says: that it has set itself up and takes jobs, or of
 * a job: something it reports on the way (progress), its result, or why it threw
 * (`environment`: the machine failed it, see EnvironmentFailure).
 */
export type ReplyMessage<R, E> =
  { ready: true } | { id: number; event: E } | { id: number; result: R } | { id: number; error: string; environment?: true };

/**
 * Runs one job in one worker process; `onEvent` hears what the job reports
 * while it runs. `ready` settles once the worker has loaded (a job sent
 * before waits for it there), or rejects if it died first.
 */
export type PoolWorker<J, R, E> = ((job: J, onEvent: (event: E) => void) => Promise<R>) & { ready: Promise<void> };

export interface WorkerPool<J, R, E> {
  /** One runner per worker process, each running one job at a time. */
  workers: PoolWorker<J, R, E>[];
  /** The worker processes' pids (tests check they ran jobs and are gone afterwards). */
  pids: number[];
  /** Jobs each worker finished, by position in `workers`. */
  jobsDone: number[];
  /** Kills and reaps every worker. */
  close(): Promise<void>;
  /**
   * Sends every worker its set-up data, for a pool started without (spec.data
   * undefined): from then on the pool holds this process open as any pool does.
   */
  setUp(data: unknown): void;
}

export interface WorkerPoolSpec {
  /** The compiled module each worker process runs (it calls serveJobs). */
  entry: string;
  /**
   * What every worker needs to set itself up, as JSON on its command line: names and plain values, not objects.
   * Undefined: the workers start now and load what they can, and get it later from setUp. Until then they do not
   * keep this process alive, so that a command which ends without them (bad input) is not held up by them.
   */
  data?: unknown;
  processes: number;
  /** How the workers are named in messages: "sim check worker". */
  name: string;
}

/** While a pool works, the parent's own loops go back to the event loop this often, so that a worker's reply never waits long. */
const REPLY_LATENCY_MS_MAX = 2;

/**
 * Starts `processes` worker processes of one entry and hands out jobs to
 * them over Node's IPC channel. Processes and not threads: two threads of one
 * process run at barely more than one thread's speed (every munmap and
 * mprotect of SQLite's WAL maps and V8's heap then costs a TLB shootdown on
 * the other core, about ten times as many, read from /proc/interrupts), two
 * processes at nearly twice. A worker dies with this process, even by
 * SIGKILL (it reads end-of-file on its stdin, and a guard thread watches its
 * parent pid: see serveJobs); Ctrl-C and SIGTERM kill and reap every worker;
 * a worker that dies rejects the job it had and every job sent to it later.
 */
export function startWorkerPool<J, R, E>(spec: WorkerPoolSpec): WorkerPool<J, R, E> {
  const later = spec.data === undefined;
  const children = Array.from({ length: spec.processes }, () =>
    spawn(process.execPath, later ? [spec.entry] : [spec.entry, JSON.stringify(spec.data)], {
      // A worker answers over IPC only: whatever a protocol prints there goes to this process's stderr (fd 2), never
      // into the one document --format json prints on stdout.
      stdio: ['pipe', 2, 'inherit', 'ipc'],
      env: childEnv(),
    }),
  );
  if (later) for (const child of children) holdOpen(child, false);
  const exits = children.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  const killAll = async () => {
    // Waiting for their exits must hold this process open, also for workers that never got their data.
    for (const child of children) child.ref();
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(exits);
  };
  const forget = onInterrupt(
    async () => {
      await killAll();
      return `${children.length} ${spec.name} process(es) killed and reaped`;
    },
    { stopsProcesses: true },
  );
  const restoreLatency = respondWithinMs(REPLY_LATENCY_MS_MAX);
  const jobsDone = children.map(() => 0);
  let nextId = 0;
  return {
    workers: children.map((child, position) =>
      poolWorker<J, R, E>(
        child,
        spec.name,
        () => nextId++,
        () => jobsDone[position]!++,
      ),
    ),
    pids: children.map((child) => child.pid ?? -1),
    jobsDone,
    close: async () => {
      forget();
      restoreLatency();
      await killAll();
    },
    setUp: (data) => {
      for (const child of children) {
        holdOpen(child, true);
        child.send({ setUp: data } satisfies SetUpMessage, () => {});
      }
    },
  };
}

/** Whether a child (its process, IPC channel and stdin pipe) keeps this process's event loop alive. */
function holdOpen(child: ChildProcess, held: boolean): void {
  for (const handle of [child, child.channel, child.stdin as { ref?: () => void; unref?: () => void } | null])
    if (held) handle?.ref?.();
    else handle?.unref?.();
}

/** The runner of one worker process: each job sent with an id, its replies matched by it. */
function poolWorker<J, R, E>(child: ChildProcess, name: string, newId: () => number, onDone: () => void): PoolWorker<J, R, E> {
  type Pending = { resolve: (result: R) => void; reject: (error: Error) => void; onEvent: (event: E) => void };
  const pending = new Map<number, Pending>();
  let dead: Error | undefined;
  let settleReady!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  // Whoever does not wait for the worker to load (it may be killed still loading) must not see an unhandled rejection.
  ready.catch(() => {});
  const failAll = (error: Error) => {
    // Ctrl-C reaches the workers too (a terminal signals the whole group): the process is about to exit 130, nothing settles.
    if (interruptedBy()) return;
    dead ??= error;
    settleReady.reject(error);
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  child.on('message', (reply: ReplyMessage<R, E>) => {
    if ('ready' in reply) return settleReady.resolve();
    const job = pending.get(reply.id);
    if ('event' in reply) return job?.onEvent(reply.event);
    pending.delete(reply.id);
    if ('result' in reply) {
      onDone();
      job?.resolve(reply.result);
    } else job?.reject(reply.environment ? new EnvironmentFailure(reply.error) : new Error(`${name} process failed: ${reply.error}`));
  });
  child.on('error', failAll);
  child.on('exit', (code, signal) => failAll(new Error(`${name} process ended (${signal ?? `exit code ${code}`})`)));
  const run = (job: J, onEvent: (event: E) => void) =>
    new Promise<R>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = newId();
      pending.set(id, { resolve, reject, onEvent });
      // A channel already closed says so here; the worker's exit rejects every job it had anyway.
      child.send({ id, job } satisfies JobMessage<J>, (error) => {
        if (error) failAll(error);
      });
    });
  return Object.assign(run, { ready });
}
