import { PLAN_PROTOCOLS } from '../../../protocols/plan/catalogue.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { freshInstances } from '../../../sim/engine/run-case.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import { planFamily } from '../../../sim/families/plan/plan-family.js';
import type { PlanWorkload } from '../../../sim/families/plan/workload.js';

/** One generated run of the plan family: a protocol, a plan with its tools' behaviour, crashes, and lost replies. */
export interface PlanTrial {
  protocol: string;
  workload: PlanWorkload;
  crashes: CrashPoint[];
  faults: TransportFaults;
  /** Loop workers on one plan in each faulty life (two processes sharing the checkpoint). */
  workers: number;
}

export function planProtocolNamed(name: string): PlanProtocol {
  const entry = PLAN_PROTOCOLS.find((candidate) => candidate.protocol.name === name);
  if (!entry) throw new Error(`no plan protocol named '${name}'`);
  return entry.protocol;
}

/**
 * Runs a trial: a life per crash point at most (each crash point names its
 * life), then a quiet life once faults stop, in which the loop must end.
 */
export async function runPlanTrial(trial: PlanTrial, folder: string, protocol?: PlanProtocol, file?: string): Promise<FamilyOutcome> {
  return runFamily(planFamily, {
    protocol: protocol ?? planProtocolNamed(trial.protocol),
    // A user's module: every life imports a fresh instance, so module state does not survive a crash.
    ...(file ? { freshProtocol: freshInstances(planFamily, file, folder) as (life: number) => Promise<PlanProtocol> } : {}),
    workload: trial.workload,
    folder,
    plan: trial.crashes,
    livesMax: Math.max(0, ...trial.crashes.map((crash) => crash.life)) + 2,
    quietLife: true,
    workers: trial.workers,
    faults: trial.faults,
    writeHistory: true,
  });
}
