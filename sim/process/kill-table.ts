import type { CaseResult, CaseSpec } from '../engine/run-case.js';
import { runKillCase } from './kill-case.js';

/**
 * A life of a table case takes about 0.1 s; one still running after this long
 * is stuck (or the machine is), and is killed and reported, not waited for.
 */
export const LIFE_TIMEOUT_MS = 15_000;

/** The table's case runner for kill mode: each life of each case in a child process of its own. */
export function killModeCaseRunner(
  protocolFiles: ReadonlyMap<string, string> = new Map(),
  lifeTimeoutMs = LIFE_TIMEOUT_MS,
): (spec: CaseSpec) => Promise<CaseResult> {
  return (spec) => {
    const protocolFile = protocolFiles.get(spec.protocol.name);
    return runKillCase(spec, { lifeTimeoutMs, ...(protocolFile ? { protocolFile } : {}) });
  };
}
