import { EXPECTED_PLAN_TABLE } from '../../../scenarios/plan/expected-table.js';
import { PLAN_PROTOCOLS } from '../../../protocols/plan/catalogue.js';
import { PLAN_CUTS } from '../../../protocols/plan/cuts.js';
import { planProtocolFromModule } from '../../../protocols/plan/module-shape.js';
import { validatePlan } from '../../../protocols/plan/plan-schema.js';
import type { Plan, PlanStep } from '../../../protocols/plan/plan.js';
import { SEED_PLAN } from '../../../protocols/plan/seed-plan.js';
import type { PlanProtocol, PlanSettings } from '../../../protocols/plan/types.js';
import type { Family } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import { judgePlan } from './checks.js';
import { RESULTS_GATE } from './gates.js';
import { crashDuringEditStep, crashStepIndex } from './edit-step.js';
import { plannedWritesLabel, worstWrite } from './planned-writes.js';
import { readPlanFile } from './plan-file.js';
import { PLAN_STRESS } from './stress-workload.js';
import { observePlan } from './observe.js';
import { planWorld } from './plan-world.js';
import { CALM_TOOLS, type ToolBehaviour } from './tool-behaviour.js';
import { toolFrontDoor } from './tool-front-door.js';
import { TOOL_SERVER_SERVING } from './serving.js';
import { toolServer } from './tool-server.js';
import { DEFAULT_PLAN_SETTINGS, SEED_WORKLOAD, type PlanWorkload } from './workload.js';

/** The calls a fault-free run of these steps makes: a write per file (or one read), and a command for a gate that is not a count. */
function faultFreeCalls(steps: readonly PlanStep[]): number {
  return steps.reduce((sum, step) => sum + Math.max(1, (step.files ?? []).length) + (RESULTS_GATE.test(step.gate) ? 0 : 1), 0);
}

/**
 * The plan `sim explore` explores: the seed's plan cut or extended to `count`
 * steps, always with its edit, so one step already meets a write. Its budget
 * is what a fault-free run calls plus one, so that a loop which forgets the
 * calls it spent runs over the budget within a single crash (with the seed's
 * 40 no crash schedule of a small plan could reach it).
 */
function explorePlan(count: number): PlanWorkload {
  const [search, edit, verify] = SEED_PLAN.steps as [PlanStep, PlanStep, PlanStep];
  const extra = Array.from({ length: Math.max(0, count - 3) }, (_, n) => ({
    ...edit,
    id: `edit-${n + 2}`,
    files: [`client/src/catalog/Extra${n + 2}.tsx`],
  }));
  const steps = count <= 1 ? [edit] : count === 2 ? [search, edit] : [search, edit, verify, ...extra];
  // For the edit step: the failed build redoes it once (its write and its gate), and the 429 costs its call again.
  const troubleCalls = 2 + 1;
  return { plan: { ...SEED_PLAN, budget_calls: faultFreeCalls(steps) + troubleCalls + 1, steps }, tools: EXPLORED_TOOLS };
}

/**
 * The tools `sim explore` meets: the calm ones, except that the edit step's
 * build fails once and the bucket holds a single token, so the gate's call
 * after the edit's second write is answered 429 (two tokens, one back every
 * 100 ms, calls 50 ms apart).
 * So a loop that forgets its back-off in a crash, or whose gate is an
 * opinion, has a schedule that shows it within one crash or none.
 */
const EXPLORED_TOOLS: ToolBehaviour = {
  ...CALM_TOOLS,
  gateFailures: { [(SEED_PLAN.steps[1] as PlanStep).gate]: 1 },
  rateLimit: { requestsPerMinute: 600, burst: 2 },
};

/**
 * The table's workload from `--plan` and `--crash-step`: the user's plan on
 * calm tools, crashed during the write step named (checked against the plan
 * before anything runs), else during its first.
 */
function ownPlanWorkload(
  inputs: Readonly<Record<string, unknown>>,
  cwd: string,
): { workload: PlanWorkload; measuredOnly: false } | undefined {
  const file = inputs['plan'];
  const crashStep = inputs['crashStep'];
  if (typeof file !== 'string') return undefined;
  const plan = readPlanFile(file, cwd);
  if (typeof crashStep !== 'string') return { workload: { plan, tools: CALM_TOOLS }, measuredOnly: false };
  // A crash step that writes nothing is refused here, before any run folder exists.
  crashStepIndex(plan, crashStep);
  return { workload: { plan, tools: CALM_TOOLS, crashStep }, measuredOnly: false };
}

/**
 * The plan family (seed 000): a plan file run step by step with gates, a
 * checkpoint, a call budget and a rate limiter's back-off, against a tool
 * server whose writes are the effects. The table crashes the seed's plan
 * during its edit step and counts every planned write (the seed plans one:
 * the edit step's file).
 */
export const planFamily: Family<PlanProtocol, PlanWorkload, PlanSettings> = {
  name: 'plan',
  summary: 'seed 000: plan file, gated steps, checkpoint, call budget, idempotent write tools, rate limits, slow tools',
  cuts: PLAN_CUTS,
  protocols: PLAN_PROTOCOLS,
  receivers: [toolServer],
  serving: { [toolServer.name]: TOOL_SERVER_SERVING },
  tableWorkload: SEED_WORKLOAD,
  tableIntention: plannedWritesLabel(SEED_PLAN),
  expectedTable: EXPECTED_PLAN_TABLE,
  tableIntentionFor: (workload) => plannedWritesLabel(workload.plan),
  tableEffect: (effects, workload) => worstWrite(effects, workload.plan),
  tableCrash: (cut, workload) => crashDuringEditStep(cut, workload.plan, workload.crashStep),
  ownTableWorkload: async (inputs, cwd) => ownPlanWorkload(inputs, cwd),
  needsRealFolder: true,
  // Loaded only when a chart is asked for: it measures plans of its own and draws with chart.js.
  tableCharts: async (runFolder) => (await import('./context-chart.js')).writeContextChart(runFolder, planFamily),
  counted: 'writes rows in tool-server.db',
  tableColumns: [
    {
      header: 'calls',
      metric: 'calls',
      per: 'cut',
      legend: 'tool calls the tool server received, over every life of the case',
      bound: { atMostMetric: 'budget_calls' },
    },
    { header: 'budget', metric: 'budget_calls', per: 'row', legend: "the plan's budget_calls: no case may spend more" },
  ],
  defaultSettings: DEFAULT_PLAN_SETTINGS,
  orchestratorSchema: (protocol) => protocol.orchestratorSchema,
  // The protocol's tool contract behind the tool server's own front door: both run wherever the receiver runs.
  contracts: (protocol) => ({ [toolServer.name]: toolFrontDoor(protocol.toolContract) }),
  world: planWorld,
  observe: observePlan,
  describeWorkload: (workload) =>
    `${workload.plan.goal}: ${workload.plan.steps.map((step) => step.id).join(', ')} (budget ${workload.plan.budget_calls})`,
  exploreWorkload: explorePlan,
  judge: judgePlan,
  stress: PLAN_STRESS,
  protocolFromModule: planProtocolFromModule,
  workloadToJson: (workload) => workload as unknown as JsonValue,
  workloadFromJson(json) {
    const value = json as unknown as {
      plan: unknown;
      tools: ToolBehaviour;
      planAfterRestart?: unknown;
      loopPrefix?: string;
      crashStep?: string;
    };
    const plan: Plan = validatePlan(value.plan, 'workload plan');
    return {
      plan,
      tools: value.tools,
      ...(value.planAfterRestart === undefined
        ? {}
        : { planAfterRestart: validatePlan(value.planAfterRestart, 'workload planAfterRestart') }),
      ...(value.loopPrefix === undefined ? {} : { loopPrefix: value.loopPrefix }),
      ...(value.crashStep === undefined ? {} : { crashStep: value.crashStep }),
    };
  },
};
