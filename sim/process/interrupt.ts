/**
 * Ctrl-C and SIGTERM for every command: one handler, and cleanups that any
 * layer registers while it holds something to undo (child processes to kill,
 * a scratch folder to remove, progress to report). On the first signal each
 * cleanup runs once, newest first, and says in a few words what it did; the
 * words become one line on stderr, and the process exits 130 (SIGINT) or 143
 * (SIGTERM), as a shell reports a command its signal ended. A second signal
 * stops waiting. Results files are written atomically (results/run-folder.ts),
 * so an interruption leaves either the whole results.json or none.
 */

import { exitOnPurpose } from './own-exit.js';

/** Undoes one thing and says what it did ("scratch folder /dev/shm/x removed"), or '' when there was nothing to do. */
export type Cleanup = () => string | Promise<string>;

/** How long the cleanups may take before the process exits anyway: killed children are reaped in milliseconds. */
export const CLEANUP_WAIT_MS_MAX = 5_000;

const EXIT_FOR_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;
type HandledSignal = keyof typeof EXIT_FOR_SIGNAL;

/** Also tells the one line to whoever reads stdout (the bin's JSON or JUnit error document), once the cleanups are done. */
export type InterruptDocument = (line: string, code: number) => void | Promise<void>;

const cleanups: Cleanup[] = [];
const processStoppers = new Set<Cleanup>();
let documentWriter: InterruptDocument | undefined;
/** Writers of the handlers installed, innermost last; the signal is handled while there is one. */
const installed: ((text: string) => void)[] = [];
let interrupted: HandledSignal | 'SIGPIPE' | undefined;

/**
 * Registers a cleanup to run on interruption; call the returned function once
 * the thing is undone normally. A cleanup that `stopsProcesses` (kills and
 * reaps children) runs before every other: a file cleanup must not remove a
 * folder that a child still writes into (rm then meets ENOTEMPTY, or the child
 * makes it again). The line still lists what was done newest first.
 */
export function onInterrupt(cleanup: Cleanup, { stopsProcesses = false }: { stopsProcesses?: boolean } = {}): () => void {
  cleanups.push(cleanup);
  if (stopsProcesses) processStoppers.add(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
    processStoppers.delete(cleanup);
  };
}

/** The signal that is ending the process, if one is: work that would start now must not. */
export function interruptedBy(): HandledSignal | 'SIGPIPE' | undefined {
  return interrupted;
}

/**
 * Handles SIGINT and SIGTERM until the returned function is called. Nested
 * calls share one handler (the innermost writer prints the line), so the bin
 * can cover a whole command while kill mode covers its own children.
 */
export function handleInterrupts(stderr: (text: string) => void, document?: InterruptDocument): () => void {
  if (document) documentWriter = document;
  if (installed.length === 0) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  installed.push(stderr);
  return () => {
    const index = installed.lastIndexOf(stderr);
    if (index >= 0) installed.splice(index, 1);
    if (installed.length === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  };
}

function onSignal(signal: HandledSignal): void {
  const code = EXIT_FOR_SIGNAL[signal];
  const stderr = installed.at(-1) ?? ((text: string) => process.stderr.write(text));
  if (interrupted) {
    stderr(`sim: interrupted again by ${signal}; exiting without waiting for the cleanups\n`);
    exitOnPurpose(code);
  }
  interrupted = signal;
  void cleanUpThenExit(code, async (what) => {
    const line = `sim: interrupted by ${signal}; ${what || 'nothing was left to clean up'}\n`;
    stderr(line);
    await documentWriter?.(line, code);
  });
}

/** Runs every cleanup (waiting at most CLEANUP_WAIT_MS_MAX), tells `say` what was done, and exits with `code`. */
async function cleanUpThenExit(code: number, say: (what: string) => void | Promise<void>): Promise<void> {
  const waited = new Promise<string[]>((resolve) =>
    setTimeout(() => resolve([`cleanups still running after ${CLEANUP_WAIT_MS_MAX} ms were abandoned`]), CLEANUP_WAIT_MS_MAX),
  );
  const done = await Promise.race([runCleanups(), waited]);
  try {
    await say(done.filter(Boolean).join('; '));
  } finally {
    exitOnPurpose(code);
  }
}

/** Runs every registered cleanup once (exported for its test; the signal handler is its caller). */
export async function runCleanups(): Promise<string[]> {
  const newestFirst = [...cleanups].reverse();
  const said = new Map<Cleanup, string>();
  const inOrder = [...newestFirst.filter((c) => processStoppers.has(c)), ...newestFirst.filter((c) => !processStoppers.has(c))];
  for (const cleanup of inOrder) {
    try {
      said.set(cleanup, await cleanup());
    } catch (error) {
      said.set(cleanup, `a cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return newestFirst.map((cleanup) => said.get(cleanup) ?? '');
}

/**
 * Lets a command own SIGINT and SIGTERM for a while (a server closes
 * cleanly and exits 0 on them, as servers do): the shared handler steps
 * aside until the returned function gives it back.
 */
export function takeOverSignals(): () => void {
  const active = installed.length > 0;
  if (active) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return () => {
    if (active && installed.length > 0) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
  };
}

/** The exit status a shell reports for a command ended by SIGPIPE (128 + 13). */
export const EXIT_CLOSED_PIPE = 141;

/**
 * The reader of `stream` went away (`sim list | head`): what SIGPIPE does to
 * a C tool, which Node ignores. The cleanups run (children, scratch folders),
 * nothing more is written, and the process exits 141, as `yes | head` does,
 * instead of dying on an unhandled EPIPE with a stack trace.
 */
export function endOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    if (interrupted) return;
    interrupted = 'SIGPIPE';
    // Nothing is said: the reader that would have read it is gone.
    void cleanUpThenExit(EXIT_CLOSED_PIPE, () => undefined);
  });
}
