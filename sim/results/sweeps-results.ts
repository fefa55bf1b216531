/** What one sweep point counted over its trials. */
export interface PointCounts {
  trials: number;
  intentions: number;
  /** Σ_k max(0, N(k) − 1): every effect beyond the first, over every intention of every trial. */
  duplicates: number;
  /** Intentions with N(k) = 0 after draining (e.g. refused by the closed window and left to reconcile). */
  lost: number;
  /** Trials whose run did not complete (a protocol error, or no life completed): counted, never hidden. */
  unfinished: number;
}

export type SweepPoint = PointCounts & { x: number; duplicatesPer1000: number };

/** A measured sweep, as sweeps.json keeps it: every number a chart draws is here. */
export interface SweepResult {
  name: string;
  title: string;
  xLabel: string;
  fixed: string;
  series: { name: string; points: SweepPoint[] }[];
}

export interface MeasuredSweeps {
  retention: SweepResult;
  concurrency: SweepResult;
}

/** The file the sweep charts are drawn from, beside a check run's results.json. */
export const SWEEPS_FILE_NAME = 'sweeps.json';

/** sweeps.json: the measured points of both sweeps and what they were measured with. */
export interface SweepsResults extends MeasuredSweeps {
  kind: 'sweeps';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  /** The fast-check seed of every point. */
  seed: number;
  trialsPerPoint: number;
  /** Sweep trials run on in-memory SQLite databases: the same SQL, no files. */
  store: 'memory';
  timingsMs: { total: number };
}
