import type { CaseResult, CaseSpec } from '../engine/run-case.js';
import { runKillCase, type KillCaseOptions } from './kill-case.js';
import { LIFE_TIMEOUT_MS } from './life-timeout.js';

/** The table's case runner for kill mode: each life of each case in a child process of its own. */
export function killModeCaseRunner(
  lifeTimeoutMs: number = LIFE_TIMEOUT_MS,
  transport: KillCaseOptions['transport'] = 'in-process',
): (spec: CaseSpec) => Promise<CaseResult> {
  return (spec) => runKillCase(spec, { lifeTimeoutMs, transport });
}
