import { resolve } from 'node:path';
import type { PropertyDefinition, PropertySuite, TrialTransform } from '../../../sim/check/suite.js';
import { readGraphFile } from '../../../sim/families/handover/graph-file.js';
import { readGuardrailRules } from '../../../sim/families/handover/guardrail-rules-file.js';
import { loadPolicyModuleChecked } from '../../../sim/families/handover/policy-module.js';
import { MODEL_CALL_TIMEOUT_MAX_MS } from '../../../sim/families/handover/model-call-timeout.js';
import { InputError } from '../../../sim/engine/input-error.js';
import { unexercisedPolicyLine } from '../../../sim/engine/policy-exercise.js';
import { firstModelFailure } from '../../../sim/families/handover/policy-calls.js';
import { DEFAULT_HANDOVER_BOUNDS, type HandoverBounds } from './arbitraries.js';
import { HANDOVER_PROPERTIES, violationOf, type HandoverProperty } from './definitions.js';
import { HANDOVER_FAULTS, tallyHandoverRun, type TallyKind } from './tally.js';
import { faultKindsOf } from '../../../sim/check/fault-words.js';
import { runHandoverTrial, type HandoverTrial } from './trial.js';
import { handoverTrialSize } from './summary.js';

/** A handover property in the runner's shape: its checks made into one check. */
export function asSuiteProperty(property: HandoverProperty): PropertyDefinition<HandoverTrial, HandoverBounds> {
  return {
    name: property.name,
    title: property.title,
    expect: property.expect,
    protocol: property.protocol,
    trials: property.trials,
    check: (trial, outcome) => violationOf(property, trial, outcome),
    mustFire: property.mustFire,
  };
}

/** What only the adversarial model provokes: invalid transfers, the step limit, the cap. */
const ADVERSARY_ONLY: readonly string[] = ['invalidTransfers', 'stepLimits', 'capOverrides'] satisfies TallyKind[];

/** The user's own model (--policy), graph (--graph) and rules (--rules), loaded and checked before anything runs, put into every trial. */
async function subjectTransform(values: Readonly<Record<string, string>>, cwd: string): Promise<TrialTransform<HandoverTrial> | undefined> {
  const policyFile = values['policy'];
  const graphFile = values['graph'];
  const rulesFile = values['rules'];
  const callTimeoutMs = modelTimeoutOf(values['model-timeout-ms'], policyFile);
  if (policyFile === undefined && graphFile === undefined && rulesFile === undefined) return undefined;
  const policyName = policyFile === undefined ? undefined : (await loadPolicyModuleChecked(policyFile, cwd)).name;
  const policy =
    policyFile === undefined
      ? undefined
      : { kind: 'module' as const, path: resolve(cwd, policyFile), ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }) };
  const graph = graphFile === undefined ? undefined : readGraphFile(graphFile, cwd);
  if (rulesFile !== undefined) await readGuardrailRules(rulesFile, cwd);
  const rules = rulesFile === undefined ? undefined : resolve(cwd, rulesFile);
  return {
    trial: (trial) => ({
      ...trial,
      workload: { ...trial.workload, ...(policy ? { policy } : {}), ...(graph ? { graph } : {}), ...(rules ? { rules } : {}) },
    }),
    // A model of the user's own need not misbehave: what only the adversary provokes is not required of it. But it must
    // answer: a policy that threw (or answered 42) on every call left every decision to the harness's fallback, and a
    // property that held then says nothing about the policy.
    // Nor do the user's rules or the graph's own acting tools say anything unless they ran: a rules file that decided
    // nothing, or a tool no model called, was not checked.
    mustFire: (kinds) => [
      ...(policy ? [...kinds.filter((kind) => !ADVERSARY_ONLY.includes(kind)), 'modelAnswers'] : kinds),
      ...(rules ? ['ruleDecisions'] : []),
      ...(graph && Object.values(graph.tools ?? {}).some((tool) => tool.acts !== undefined) ? ['toolEffects'] : []),
    ],
    // Nor may it leave a call unanswered: there the harness's fallback decided, and a property that held says nothing of
    // the policy's decision.
    ...(policy ? { mustNotFire: ['modelFailures'] satisfies TallyKind[] } : {}),
    // The same line as sim table's for a policy that never answered: its name, its file and its first error.
    ...(policyFile === undefined || policyName === undefined
      ? {}
      : {
          firstNote: (outcome) => firstModelFailure(outcome.state.orchestrator?.guardrail_log),
          unexercisedLine: ({ tally, firstNote }) =>
            unexercisedPolicyLine(
              {
                file: policyFile,
                name: policyName,
                modelCalls: tally['modelCalls'] ?? 0,
                answered: tally['modelAnswers'] ?? 0,
                ...(firstNote === undefined ? {} : { firstError: firstNote }),
              },
              'property',
            ),
        }),
  };
}

/** --model-timeout-ms as a number, checked as every command checks it; it times the calls of a --policy only. */
function modelTimeoutOf(value: string | undefined, policyFile: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (policyFile === undefined) throw new InputError('--model-timeout-ms times the calls of your own model: give --policy too');
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(ms) || ms < 1 || ms > MODEL_CALL_TIMEOUT_MAX_MS)
    throw new InputError(`model-timeout-ms must be a whole number from 1 to ${MODEL_CALL_TIMEOUT_MAX_MS}; got '${value}'.`);
  return ms;
}

/** The handover family's properties for the generic runner (sim/check). */
export const HANDOVER_SUITE: PropertySuite<HandoverTrial, HandoverBounds> = {
  family: 'handover',
  properties: HANDOVER_PROPERTIES.map(asSuiteProperty),
  defaultBounds: DEFAULT_HANDOVER_BOUNDS,
  withWorkers: (bounds, workers) => ({ ...bounds, workersMax: workers }),
  workersOf: (bounds) => bounds.workersMax,
  scheduled: true,
  // The world (playing the channel and the operator) and the contracts hold connections of their own within a life: only files share.
  stores: ['file'],
  run: (trial, options) => runHandoverTrial(trial, options),
  faultKinds: faultKindsOf(HANDOVER_FAULTS),
  tally: (_trial, outcome) => tallyHandoverRun(outcome),
  trialText: (trial) => `${handoverTrialSize(trial)}\n${JSON.stringify(trial.workload.conversations)}`,
  trialSize: handoverTrialSize,
  protocolOf: (trial) => trial.protocol,
  transform: subjectTransform,
};
