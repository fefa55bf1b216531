import type { Plan } from '../../../protocols/plan/plan.js';
import { CALM_TOOLS, type ToolBehaviour } from './tool-behaviour.js';
import { SEED_PLAN } from '../../../protocols/plan/seed-plan.js';
import type { PlanSettings } from '../../../protocols/plan/types.js';

/** What one case of the plan family asks for: the plan file, how the tools behave, and the plan file a restart finds. */
export interface PlanWorkload {
  plan: Plan;
  tools: ToolBehaviour;
  /** When set, every life after the first reads this plan file instead (a person edited it between runs). */
  planAfterRestart?: Plan;
  /** Put before each loop's name (`w2-loop-1`): a stress worker's, so that two processes never share a lease owner or a temporary file. */
  loopPrefix?: string;
  /** The write step a table case crashes during (`sim table --crash-step`); the plan's first write step when absent. */
  crashStep?: string;
}

export const SEED_WORKLOAD: PlanWorkload = { plan: SEED_PLAN, tools: CALM_TOOLS };

/** The seed's loop settings: a 30 s per-call timeout, three retries a step, a summary every five steps, a 60 s lease. */
export const DEFAULT_PLAN_SETTINGS: PlanSettings = { callTimeoutMs: 30_000, retriesMax: 3, summaryEverySteps: 5, leaseMs: 60_000 };

/** The oracle's names of what a plan writes: `<step>:<file>` for every planned file. */
export function writeIntentions(plan: Plan): string[] {
  return plan.steps.flatMap((step) => (step.files ?? []).map((path) => `${step.id}:${path}`));
}
