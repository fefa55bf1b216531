import { PLAN_BOOKKEEPING_CUTS, PLAN_CUTS } from '../../../protocols/plan/cuts.js';
import type { Plan } from '../../../protocols/plan/plan.js';
import type { PlanSettings } from '../../../protocols/plan/types.js';
import { CALM_TOOLS, type ToolBehaviour } from './tool-behaviour.js';
import { DEFAULT_PLAN_SETTINGS, type PlanWorkload } from './workload.js';

/**
 * The plan two or more processes run at once under `sim stress`: `steps`
 * edit steps, each writing a file of its own behind a build gate, so N per
 * step key is what the tool server holds for each. The budget leaves room for
 * every worker to run the whole plan a few times over: stress is about who
 * runs a step, not about the budget.
 */
export function stressPlan(steps: number): Plan {
  return {
    goal: 'edit the catalogue, one file a step',
    budget_calls: steps * 2 * 8 + 20,
    steps: Array.from({ length: steps }, (_, n) => ({
      id: `edit-${n + 1}`,
      action: 'edit',
      files: [`client/src/catalog/Part${n + 1}.tsx`],
      gate: 'npm run build',
    })),
  };
}

/**
 * Tools under stress, in real time: calls of 1 ms and a bucket that does not
 * run dry within a trial (the seed's highest limit, 1,200 a minute, with a
 * deep burst), so what a trial measures is the checkpoint, not the rate limiter.
 */
export const STRESS_TOOLS: ToolBehaviour = { ...CALM_TOOLS, callDurationMs: 1, rateLimit: { requestsPerMinute: 1_200, burst: 10_000 } };

/**
 * How `sim stress --family plan` runs: every worker process runs the same plan
 * (two processes on one plan, the seed's case for a lock), each loop named
 * after its process so that leases and temporary files are its own.
 */
export const PLAN_STRESS = {
  workload: (total: number, _workers: number, index: number): PlanWorkload => ({
    plan: stressPlan(total),
    tools: STRESS_TOOLS,
    loopPrefix: `w${index + 1}-`,
  }),
  settings: (leaseMs: number): PlanSettings => ({ ...DEFAULT_PLAN_SETTINGS, leaseMs }),
  cuts: [...PLAN_CUTS.map((cut) => cut.name), ...PLAN_BOOKKEEPING_CUTS.filter((cut) => cut !== 'loop-stopped')],
  protocols: ['checkpoint-lease', 'checkpoint-after-step'],
  // The JSON checkpoint is the seed's choice for one agent: with two processes on one plan it is expected to fail.
  mustHold: ['checkpoint-lease'],
  startTogether: true as const,
};
