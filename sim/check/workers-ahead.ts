import { CHUNK_RUNS } from './chunks.js';

/** What decides how many worker processes a check will run beside this one, as its parsed options give it. */
export interface ChecksAhead {
  /** Chunks run at a time: this process and its workers. */
  jobs: number;
  /** Generated runs per property. */
  runs: number;
  /** Properties named; 0: every property of the family. */
  properties: number;
  /** Over HTTP the receivers are served by this process, which a worker cannot reach. */
  transport: 'in-process' | 'http';
  /** A listing, one replayed run, or a check that moves into a watched child runs no chunk beside this process. */
  chunksHere: boolean;
}

/**
 * How many worker processes a check will want, from its parsed options,
 * before the family, its suite or the request are loaded: the command starts
 * them this early so that they load while it does. It only decides whether
 * they start early; the command counts its chunks itself and stops workers it
 * does not take, so a high guess costs a process started and stopped, never
 * a result.
 */
export function workersAhead(check: ChecksAhead): number {
  if (!check.chunksHere || check.transport === 'http') return 0;
  const chunks = check.properties === 0 ? Number.POSITIVE_INFINITY : check.properties * Math.ceil(check.runs / CHUNK_RUNS);
  return Math.max(0, Math.min(check.jobs, chunks) - 1);
}
