import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanProtocol, PlanSettings } from '../../protocols/plan/types.js';
import { caseFiles, ORCHESTRATOR, storePath } from '../engine/case-files.js';
import { FileMedium, openSqlite } from '../engine/connections.js';
import type { CrashPoint } from '../engine/injector.js';
import { runFamily, type FamilyOutcome } from '../engine/run-family.js';
import { planFamily } from '../families/plan/plan-family.js';
import { CALM_TOOLS, type ToolBehaviour } from '../families/plan/tool-behaviour.js';
import { DEFAULT_PLAN_SETTINGS, SEED_WORKLOAD, type PlanWorkload } from '../families/plan/workload.js';
import { checkpointFile } from '../families/plan/durable-checkpoint.js';
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

/** What one case changes from the seed's: its workload and tools, crashes, lives, workers, loop settings, a checkpoint left before it. */
export interface PlanCaseOptions {
  workload?: Partial<PlanWorkload>;
  tools?: Partial<ToolBehaviour>;
  plan?: CrashPoint[];
  livesMax?: number;
  workers?: number;
  settings?: Partial<PlanSettings>;
  /** The text of a JSON checkpoint file already in the case's folder when the first life starts (a torn one, a stopped one). */
  checkpointText?: string;
  /** A lease on the SQLite checkpoint that another process holds when a life starts (the first, unless `life` says). */
  leaseHeld?: { owner: string; untilMs: number; life?: number };
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
): (protocol: PlanProtocol, options?: PlanCaseOptions) => Promise<FamilyOutcome & { calls: CallRow[] }> {
  const root = tempFolder(prefix);
  let cases = 0;
  return async (protocol, options = {}) => {
    cases += 1;
    const folder = join(root, String(cases));
    mkdirSync(folder);
    if (options.checkpointText !== undefined) writeFileSync(checkpointFile({ files: caseFiles(folder, []) }), options.checkpointText);
    const workload: PlanWorkload = { ...SEED_WORKLOAD, ...options.workload, tools: { ...CALM_TOOLS, ...options.tools } };
    const outcome = await runFamily(planFamily, {
      protocol,
      workload,
      folder,
      medium: new FileMedium(),
      plan: options.plan ?? [],
      livesMax: options.livesMax ?? 3,
      workers: options.workers ?? 1,
      settings: { ...DEFAULT_PLAN_SETTINGS, ...options.settings },
      beforeLife: (life) => {
        if (options.leaseHeld && life.index === (options.leaseHeld.life ?? 0)) holdLease(folder, options.leaseHeld);
      },
    });
    const calls = (outcome.state['tool-server']?.['calls'] ?? []) as unknown as CallRow[];
    return { ...outcome, calls };
  };
}

/** Writes another process's lease into the case's fresh orchestrator store, as that process would have claimed it. */
function holdLease(folder: string, lease: { owner: string; untilMs: number }): void {
  const db = openSqlite(storePath(caseFiles(folder, [ORCHESTRATOR]), ORCHESTRATOR));
  try {
    db.prepare('UPDATE checkpoint_lease SET owner = ?, until_ms = ? WHERE id = 1').run(lease.owner, lease.untilMs);
  } finally {
    db.close();
  }
}
