import type { JsonValue } from '../engine/history.js';

/** One life of one stress worker, passed to its process as one JSON argument. */
export interface StressWorkerSpec {
  family: string;
  protocol: string;
  /** A user's protocol module, loaded afresh by every worker life. */
  protocolFile?: string;
  folder: string;
  /** The worker's name, also its lease owner: `w1` .. `wW`. */
  worker: string;
  /** 0 for its first start, n after its nth restart. */
  life: number;
  /** The intentions this worker presents as the caller (again after each restart); it relays everyone's. */
  workload: JsonValue;
  settings: JsonValue;
  /** Where this life is killed: the nth hit of this cut; null for a life without faults. */
  crash: { cut: string; nth: number } | null;
  /** SQLite's own wait for a lock before it answers SQLITE_BUSY. */
  busyTimeoutMs: number;
  /** Attempts of one transaction before the worker gives up (it is then restarted). */
  busyAttemptsMax: number;
  /** At each cut that does not crash, the chance of a pause, and its longest length in real ms (a slow worker). */
  pause: { chance: number; maxMs: number };
  /** Seeds the worker's pauses and back-off jitter. */
  seed: number;
  /**
   * A first life waits, once loaded, until every worker of the trial is
   * (each leaves `<worker>.ready` in the folder), so that they begin together.
   */
  startBarrier?: { workers: number; waitMaxMs: number };
  /** Where the worker writes its report: apart from stdout, which protocol code may use. */
  reportFile: string;
}

/** The last line a worker writes to its report file: when drained, or (durably, just before its SIGKILL) when killed. */
export interface WorkerReport {
  /** environment-failure: the machine failed the shared stores (a full disk); `message` is the command's one line. */
  ended: 'drained' | 'killed' | 'busy-exhausted' | 'environment-failure';
  busyRetries: number;
  cut?: string;
  message?: string;
}
