import { performance } from 'node:perf_hooks';

/** How long a loop may keep the event loop from Ctrl-C: short for a person, long beside one yield (microseconds). */
export const SIGNAL_LATENCY_MS_MAX = 50;

let lastYieldMs = performance.now();

/**
 * Lets the event loop run once if it has not for SIGNAL_LATENCY_MS_MAX.
 * An in-process run is a chain of promises, all microtasks: without this, a
 * `sim check` of 100000 runs never returns to the event loop, and Ctrl-C
 * (whose handler is an ordinary event, see interrupt.ts) waits for the end.
 * Loops that can run long await this once per step. Real time on purpose:
 * it is about a person waiting, and decides nothing in the simulation.
 */
export async function letSignalsIn(): Promise<void> {
  const nowMs = performance.now();
  if (nowMs - lastYieldMs < SIGNAL_LATENCY_MS_MAX) return;
  lastYieldMs = nowMs;
  await new Promise<void>((resolve) => setImmediate(resolve));
}
