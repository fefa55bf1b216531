import { performance } from 'node:perf_hooks';

/** How long a loop may keep the event loop from Ctrl-C: short for a person, long beside one yield (microseconds). */
export const SIGNAL_LATENCY_MS_MAX = 50;

let lastYieldMs = performance.now();
/** The bounds asked for by whoever needs the event loop sooner (a pool waiting for its workers' replies), besides Ctrl-C's. */
const tighter: number[] = [];

/**
 * Lets the event loop run once if it has not for SIGNAL_LATENCY_MS_MAX (or
 * the tighter bound a pool asked for). An in-process run is a chain of
 * promises, all microtasks: without this, a `sim check` of 100000 runs never
 * returns to the event loop, and Ctrl-C (whose handler is an ordinary event,
 * see interrupt.ts) waits for the end; nor would a worker process's reply be
 * read while this process runs a job of its own. Loops that can run long
 * await this once per step. Real time on purpose: it is about a person (or a
 * worker) waiting, and decides nothing in the simulation.
 */
export async function letSignalsIn(): Promise<void> {
  const nowMs = performance.now();
  if (nowMs - lastYieldMs < Math.min(SIGNAL_LATENCY_MS_MAX, ...tighter)) return;
  lastYieldMs = nowMs;
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Makes letSignalsIn go back to the event loop at least every `ms` until the
 * returned function is called: a pool's workers idle while their finished
 * job's reply waits unread, so the parent, running jobs itself, must read it soon.
 */
export function respondWithinMs(ms: number): () => void {
  tighter.push(ms);
  return () => {
    const index = tighter.indexOf(ms);
    if (index >= 0) tighter.splice(index, 1);
  };
}
