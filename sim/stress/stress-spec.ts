import type { CaseFiles } from '../reservation/stores.js';

/** One life of one stress worker, passed to its process as one JSON argument. */
export interface StressWorkerSpec {
  protocol: string;
  files: CaseFiles;
  /** The worker's name, also its lease owner: `w1` .. `wW`. */
  worker: string;
  /** 0 for its first start, n after its nth restart. */
  life: number;
  /**
   * Which intentions this worker presents as the caller (again after each
   * restart): its share of the trial's, which it rebuilds (a list would not
   * fit in a command line). It relays everyone's.
   */
  share: { intentions: number; workers: number; index: number };
  /** Where this life is killed: the nth hit of this cut; null for a life without faults. */
  crash: { cut: string; nth: number } | null;
  leaseMs: number;
  /** SQLite's own wait for a lock before it answers SQLITE_BUSY. */
  busyTimeoutMs: number;
  /** Attempts of one transaction before the worker gives up (it is then restarted). */
  busyAttemptsMax: number;
  /** At each cut that does not crash, the chance of a pause, and its longest length in real ms (a slow worker). */
  pause: { chance: number; maxMs: number };
  /** Seeds the worker's pauses and back-off jitter. */
  seed: number;
}

/** The last line a worker prints on stdout: when drained, or (durably, just before its SIGKILL) when killed. */
export interface WorkerReport {
  ended: 'drained' | 'killed' | 'busy-exhausted';
  busyRetries: number;
  cut?: string;
}
