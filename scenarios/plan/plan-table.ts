import { join } from 'node:path';
import type { PlanProtocol } from '../../protocols/plan/types.js';
import type { CutHit } from '../../sim/engine/injector.js';
import type { RunEnd } from '../../sim/engine/runner.js';
import { runFamily } from '../../sim/engine/run-family.js';
import { planFamily } from '../../sim/plan/plan-family.js';
import type { PlanWorkload } from '../../sim/plan/workload.js';
import { crashDuringStep, firstWriteStep } from './edit-step-crash.js';

export interface PlanCell {
  protocol: string;
  cut: string;
  /** Writes the tool server holds for the edit step's file. */
  n: number;
  calls: number;
  budget: number;
  /** The crash this cell is about, as the injector fired it: a cell whose cut never fired proves nothing. */
  crash: CutHit | undefined;
  end: RunEnd;
  folder: string;
}

/**
 * One cell of the plan table: the workload's plan, crashed once during its
 * first write step at `cut`, recovered in a second life, then counted from
 * the files.
 */
export async function measurePlanCell(protocol: PlanProtocol, cut: string, workload: PlanWorkload, folder: string): Promise<PlanCell> {
  const caseFolder = join(folder, protocol.name, cut);
  const outcome = await runFamily(planFamily, {
    protocol,
    workload,
    folder: caseFolder,
    plan: crashDuringStep(cut, firstWriteStep(workload.plan)),
    livesMax: 2,
    writeHistory: true,
  });
  const intention = `${workload.plan.steps[firstWriteStep(workload.plan)]?.id}:${workload.plan.steps[firstWriteStep(workload.plan)]?.files?.[0]}`;
  return {
    protocol: protocol.name,
    cut,
    n: outcome.effects[intention] ?? 0,
    calls: outcome.metrics['calls'] ?? 0,
    budget: outcome.metrics['budget_calls'] ?? 0,
    crash: outcome.crashes[0],
    end: outcome.end,
    folder: caseFolder,
  };
}

/** Every cell of the table for these protocols, row by row, in the family's cut order. */
export async function measurePlanTable(protocols: readonly PlanProtocol[], workload: PlanWorkload, folder: string): Promise<PlanCell[]> {
  const cells: PlanCell[] = [];
  for (const protocol of protocols) {
    for (const cut of planFamily.cuts) cells.push(await measurePlanCell(protocol, cut.name, workload, folder));
  }
  return cells;
}
