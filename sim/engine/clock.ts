/**
 * Virtual time in milliseconds. Leases, retry delays and receipt retention are
 * measured on it, so a run never depends on the wall clock and replays exactly.
 */
export class VirtualClock {
  private currentMs: number;

  constructor(startMs = 0) {
    assertTime(startMs);
    this.currentMs = startMs;
  }

  nowMs(): number {
    return this.currentMs;
  }

  advanceMs(deltaMs: number): void {
    assertTime(deltaMs);
    this.currentMs += deltaMs;
  }

  /**
   * Lets time pass until `targetMs`: virtual time simply moves there; a clock
   * of real time (stress) sleeps instead. Worlds idle through this, so the
   * same life code runs on either clock.
   */
  async waitUntilMs(targetMs: number): Promise<void> {
    this.advanceToMs(targetMs);
  }

  /** Moves forward to `targetMs`; a target in the past leaves the clock where it is. */
  advanceToMs(targetMs: number): void {
    assertTime(targetMs);
    if (targetMs > this.currentMs) this.currentMs = targetMs;
  }
}

function assertTime(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new RangeError(`virtual time must be a non-negative integer of ms, got ${ms}`);
  }
}
