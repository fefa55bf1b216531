import { setTimeout as sleep } from 'node:timers/promises';
import type { SeededRandom } from '../engine/random.js';

/** SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, ...): another process holds the lock. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** How a BusyExhausted message begins: the life's error carries only the message across the runner. */
export const BUSY_EXHAUSTED = 'SQLITE_BUSY on ';

/** The bound on retries was reached: reported as this worker's failure, never a harness crash. */
export class BusyExhausted extends Error {
  constructor(readonly attempts: number) {
    super(`${BUSY_EXHAUSTED}${attempts} attempts in a row`);
    this.name = 'BusyExhausted';
  }
}

/**
 * Retries work that failed with SQLITE_BUSY, at most `attemptsMax` attempts
 * in all, after a short seeded-random back-off, and counts every retry. The
 * work must be safe to repeat: a transaction that failed with BUSY was
 * rolled back (or never began), so it is.
 */
export class BusyRetry {
  retries = 0;

  constructor(
    private readonly attemptsMax: number,
    private readonly random: SeededRandom,
  ) {}

  async run<T>(work: () => T): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return work();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (attempt >= this.attemptsMax) throw new BusyExhausted(attempt);
        this.retries++;
        await sleep(this.random.int(1, Math.min(20, 2 * attempt)));
      }
    }
  }
}
