import { spawn, type ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { handleInterrupts, interruptedBy, onInterrupt } from './interrupt.js';

/** How a child process ended, as the parent saw it. */
export interface ChildExit {
  pid: number;
  /** The exit code when it exited, null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The parent killed it because it was still alive after its time limit. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Tells a child which process started it: if the parent dies while the child is still loading, `process.ppid` is already not it. */
const PARENT_PID = 'CUTPOINT_PARENT_PID';

/** The environment for a child that calls `dieWithParent`: this process is its parent. */
export function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, [PARENT_PID]: String(process.pid) };
}

/** Every child the harness started and has not yet seen exit. */
const alive = new Map<number, { child: ChildProcess; exited: Promise<void> }>();

/**
 * Starts `node <entry> <args...>` and resolves when it has exited, however
 * it ended. The child's stdin is a pipe the parent never writes: when the
 * parent dies, even by SIGKILL, the child reads end-of-file and kills itself
 * (see `dieWithParent`), so no child outlives the harness.
 */
export function runChild(
  entry: string,
  args: readonly string[],
  timeoutMs: number,
  options: {
    deadline?: () => number;
    /** Passes the child's output on as it comes (it is still collected into the ChildExit). */
    stream?: { stdout(text: string): void; stderr(text: string): void };
    env?: Readonly<Record<string, string>>;
    cwd?: string;
  } = {},
): Promise<ChildExit> {
  // Once interrupted, nothing new starts and nothing settles: the process is about to exit 130.
  if (interruptedBy()) return new Promise(() => undefined);
  const started = performance.now();
  const child = spawn(process.execPath, [entry, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, [PARENT_PID]: String(process.pid) },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    options.stream?.stdout(text);
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    options.stream?.stderr(text);
  });
  let timedOut = false;
  const kill = () => {
    timedOut = true;
    child.kill('SIGKILL');
  };
  // A fixed limit, or a deadline the caller moves on (a watchdog per life): checked ten times a second.
  const { deadline } = options;
  const timer = deadline
    ? setInterval(() => {
        if (performance.now() > deadline()) kill();
      }, 100)
    : setTimeout(kill, timeoutMs);
  const result = new Promise<ChildExit>((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    // 'close' comes after 'exit' once stdout and stderr are drained: the whole output is in.
    child.once('close', (code, signal) => {
      clearInterval(timer);
      if (child.pid !== undefined) alive.delete(child.pid);
      if (interruptedBy()) return;
      resolve({ pid: child.pid ?? -1, code, signal, timedOut, stdout, stderr, ms: performance.now() - started });
    });
  });
  if (child.pid !== undefined) {
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    alive.set(child.pid, { child, exited });
  }
  return result;
}

/**
 * Runs `work` with Ctrl-C and SIGTERM handled (see interrupt.ts): every child
 * still alive is killed with SIGKILL and reaped, then the process exits 130
 * (SIGINT) or 143 (SIGTERM) with one line on stderr. No child is left behind.
 */
export async function withChildrenReaped<T>(stderr: (text: string) => void, work: () => Promise<T>): Promise<T> {
  const release = handleInterrupts(stderr);
  const forget = onInterrupt(
    async () => {
      const exits = [...alive.values()].map(({ child, exited }) => {
        child.kill('SIGKILL');
        return exited;
      });
      await Promise.all(exits);
      return `${exits.length} child process(es) killed and reaped`;
    },
    { stopsProcesses: true },
  );
  try {
    return await work();
  } finally {
    forget();
    release();
  }
}

/**
 * In a child: die as soon as the parent is gone. The parent's end of our
 * stdin closes when it dies, which the event loop notices; a child busy in
 * synchronous SQLite work may not return to its event loop for a while, so
 * the returned check (call it at every cut) also compares the parent pid,
 * which changes when an orphan is adopted.
 */
export function dieWithParent(): () => void {
  const parent = Number(process.env[PARENT_PID] ?? process.ppid);
  const die = () => process.kill(process.pid, 'SIGKILL');
  if (process.ppid !== parent) die();
  process.stdin.on('end', die);
  process.stdin.on('error', die);
  process.stdin.resume();
  return () => {
    if (process.ppid !== parent) die();
  };
}

/**
 * In a child whose command has ended: stop watching stdin, which would keep
 * the event loop alive (the parent never closes it while it waits for this
 * child), so the process ends as soon as its work is done.
 */
export function stopWatchingParent(): void {
  process.stdin.pause();
  (process.stdin as { unref?: () => void }).unref?.();
}

/** How often a busy child's guard thread looks whether its parent is still there. */
const PARENT_POLL_MS = 200;

/**
 * dieWithParent for a child whose main thread may never come back to its
 * event loop nor reach a cut (a user's protocol that loops, in a pool's
 * worker process): a small thread of its own compares the parent pid five
 * times a second, and SIGKILLs the whole process once the parent is gone.
 * The thread does not keep the process alive.
 */
export function dieWithParentEvenWhenBusy(): void {
  dieWithParent();
  const parent = Number(process.env[PARENT_PID] ?? process.ppid);
  const guard = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, workerData.pollMs);`,
    { eval: true, workerData: { parent, pollMs: PARENT_POLL_MS } },
  );
  guard.unref();
}

/** Children alive right now: what the tests check is empty after a run. */
export function childrenAlive(): number {
  return alive.size;
}

/** The line of a child's stderr that says what went wrong: the first naming an error, else the first. */
export function stderrGist(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /\b\w*Error\b|^unknown /.test(line)) ?? lines[0] ?? '';
}
