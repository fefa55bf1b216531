/**
 * Faults between the relay and the warehouse, all in virtual time and call
 * ordinals so a run replays exactly.
 */
export interface TransportFaults {
  /** Windows [fromMs, toMs) in which every call fails before reaching the warehouse. */
  unavailable: readonly { fromMs: number; toMs: number }[];
  /** Ordinals (1-based, over the whole run) of calls whose reply is lost after the warehouse committed. */
  dropReplies: readonly number[];
}

export const NO_TRANSPORT_FAULTS: TransportFaults = { unavailable: [], dropReplies: [] };

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
