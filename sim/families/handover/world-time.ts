import type { VirtualClock } from '../../engine/clock.js';

/**
 * How time passes in the handover world. On the virtual clock (every table,
 * property, exploration and kill-mode case) the world moves it: a restart
 * takes its delay, a call its latency on the wire, and the clock jumps to an
 * event's arrival. In a stress worker the clock is real and shared by every
 * process (it cannot be moved): a call takes what it takes, an event arrives
 * when it is delivered, and waiting is sleeping.
 */
export interface WorldTime {
  restarted(delayMs: number): void;
  onTheWire(latencyMs: number): void;
  /** Brings the clock to an event's arrival; returns the time the event arrives at. */
  arrive(atMs: number): number;
  waitUntil(targetMs: number): Promise<void>;
}

export function worldTime(clock: VirtualClock, realTime: boolean): WorldTime {
  if (realTime) {
    return {
      restarted: () => undefined,
      onTheWire: () => undefined,
      arrive: () => clock.nowMs(),
      waitUntil: (targetMs) => clock.waitUntilMs(targetMs),
    };
  }
  return {
    restarted: (delayMs) => clock.advanceMs(delayMs),
    onTheWire: (latencyMs) => clock.advanceMs(latencyMs),
    arrive: (atMs) => {
      clock.advanceToMs(atMs);
      return atMs;
    },
    // The virtual clock is moved without yielding, so a case's history stays the same byte for byte.
    waitUntil: async (targetMs) => clock.advanceToMs(targetMs),
  };
}
