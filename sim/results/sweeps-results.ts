import type { MeasuredSweeps } from '../../scenarios/reservation/sweeps/run-sweeps.js';

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
