import type { TransportFaults } from './family.js';

/** Per-run transport state that outlives process lives: the call counter behind `dropReplies`. */
export class TransportState {
  calls = 0;

  constructor(readonly faults: TransportFaults) {}

  unavailableAt(nowMs: number): boolean {
    return this.faults.unavailable.some((window) => nowMs >= window.fromMs && nowMs < window.toMs);
  }

  dropsReply(ordinal: number): boolean {
    return this.faults.dropReplies.includes(ordinal);
  }
}
