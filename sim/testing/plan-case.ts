import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanProtocol } from '../../protocols/plan/types.js';
import { FileMedium } from '../engine/connections.js';
import type { CrashPoint } from '../engine/injector.js';
import { runFamily, type FamilyOutcome } from '../engine/run-family.js';
import { planFamily } from '../plan/plan-family.js';
import { CALM_TOOLS, type ToolBehaviour } from '../plan/tool-behaviour.js';
import { SEED_WORKLOAD, type PlanWorkload } from '../plan/workload.js';
import { tempFolder } from './temp-folder.js';

/** A row of the tool server's `calls` table, as a test compares it. */
export interface CallRow {
  life: number;
  worker: string;
  tool: string;
  request_key: string;
  at_ms: number;
  in_window: number;
  duration_ms: number | null;
  outcome: string;
}

/**
 * Runs one case of the plan family in this process, on real files in a
 * scratch folder of the test file (removed when its tests end): the seed plan
 * on calm tools unless told otherwise, crashed where `plan` says. What the
 * tool server and the orchestrator hold is read back from their files by the
 * family's observer.
 */
export function planCases(
  prefix: string,
): (
  protocol: PlanProtocol,
  options?: { workload?: Partial<PlanWorkload>; tools?: Partial<ToolBehaviour>; plan?: CrashPoint[]; livesMax?: number; workers?: number },
) => Promise<FamilyOutcome & { calls: CallRow[] }> {
  const root = tempFolder(prefix);
  let cases = 0;
  return async (protocol, options = {}) => {
    cases += 1;
    const folder = join(root, String(cases));
    mkdirSync(folder);
    const workload: PlanWorkload = { ...SEED_WORKLOAD, ...options.workload, tools: { ...CALM_TOOLS, ...options.tools } };
    const outcome = await runFamily(planFamily, {
      protocol,
      workload,
      folder,
      medium: new FileMedium(),
      plan: options.plan ?? [],
      livesMax: options.livesMax ?? 3,
      workers: options.workers ?? 1,
    });
    const calls = (outcome.state['tool-server']?.['calls'] ?? []) as unknown as CallRow[];
    return { ...outcome, calls };
  };
}
