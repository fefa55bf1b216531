import { setTimeout as sleep } from 'node:timers/promises';
import { VirtualClock } from '../engine/clock.js';

/**
 * Real time in whole milliseconds from the system's monotonic clock
 * (CLOCK_MONOTONIC via hrtime). Unlike performance.now(), whose origin is
 * each process's own start, it is the same clock in every process on the
 * machine, so a lease written by one worker is read correctly by another.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1_000_000n);
}

/**
 * The clock of a stress worker: real, shared across processes, never
 * backwards. It cannot be advanced; a worker that must wait sleeps.
 */
export class MonotonicClock extends VirtualClock {
  override nowMs(): number {
    return monotonicMs();
  }

  /** Real time is waited for: every pending row is leased by another worker (or a dead one) until then. */
  override async waitUntilMs(targetMs: number): Promise<void> {
    await sleep(Math.max(1, targetMs - this.nowMs()));
  }

  override advanceMs(): void {
    throw new Error('real time cannot be advanced: a stress worker sleeps instead');
  }

  override advanceToMs(): void {
    throw new Error('real time cannot be advanced: a stress worker sleeps instead');
  }
}
