import type { CaseResult, CaseSpec } from '../engine/run-case.js';
import { runKillCase, type KillCaseOptions } from './kill-case.js';

/**
 * A life of a table case takes milliseconds in process and about 0.1 s in a
 * child; one still running after this long is stuck (a loop, a promise that
 * never settles, or a machine far too loaded), and is stopped and reported,
 * not waited for. `--life-timeout-ms` changes it.
 */
export const LIFE_TIMEOUT_MS = 10_000;

/** The table's case runner for kill mode: each life of each case in a child process of its own. */
export function killModeCaseRunner(
  lifeTimeoutMs: number = LIFE_TIMEOUT_MS,
  transport: KillCaseOptions['transport'] = 'in-process',
): (spec: CaseSpec) => Promise<CaseResult> {
  return (spec) => runKillCase(spec, { lifeTimeoutMs, transport });
}
