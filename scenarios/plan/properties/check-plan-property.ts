import { checkSuiteProperty, type PropertyResult } from '../../../sim/check/check-property.js';
import { replayLine as suiteReplayLine } from '../../../sim/check/replay-line.js';
import { replayProperty } from '../../../sim/check/replay-property.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import type { PlanTrialBounds } from './arbitraries.js';
import type { PlanViolation } from './checks.js';
import type { PlanPropertyDefinition } from './definitions.js';
import { asSuiteProperty, PLAN_SUITE } from './suite.js';
import type { PlanTrial } from './trial.js';

export interface PlanCheckOptions {
  runs: number;
  seed: number;
  bounds: PlanTrialBounds;
  /** Where runs put their files; each run's folder is removed when it ends. */
  scratch: string;
  /** The protocol to check instead of the property's own (a user's loop, for `hold` properties). */
  protocol?: PlanProtocol;
}

export type PlanPropertyResult = PropertyResult<PlanTrial> & {
  counterexample?: PropertyResult<PlanTrial>['counterexample'] & { replay: string };
};

/** The command that replays one run of a property, keeping its files. */
export function replayLine(definition: PlanPropertyDefinition, seed: number, path: string, protocolAs?: string): string {
  return suiteReplayLine({
    family: 'plan',
    property: definition.name,
    seed,
    path,
    options: protocolAs ? [['--protocol', protocolAs]] : [],
  });
}

/** Runs one plan property with the generic runner (sim/check), its counterexample with the line that replays it. */
export async function checkPlanProperty(definition: PlanPropertyDefinition, options: PlanCheckOptions): Promise<PlanPropertyResult> {
  const result = await checkSuiteProperty(PLAN_SUITE, asSuiteProperty(definition), {
    runs: options.runs,
    seed: options.seed,
    bounds: options.bounds,
    store: 'file',
    scratch: options.scratch,
    ...(options.protocol ? { protocol: { protocol: options.protocol } } : {}),
  });
  const { counterexample: ce, ...rest } = result;
  return ce ? { ...rest, counterexample: { ...ce, replay: replayLine(definition, options.seed, ce.path) } } : rest;
}

/** Replays exactly the run at (seed, path), keeping its files and history.jsonl in `folder`. */
export async function replayPlanProperty(
  definition: PlanPropertyDefinition,
  options: { seed: number; path: string; bounds: PlanTrialBounds; folder: string; protocol?: PlanProtocol },
): Promise<{ trial: PlanTrial; violation: PlanViolation | undefined; outcome: FamilyOutcome } | undefined> {
  const { protocol, ...rest } = options;
  const replay = await replayProperty(PLAN_SUITE, asSuiteProperty(definition), {
    ...rest,
    ...(protocol ? { protocol: { protocol } } : {}),
  });
  return replay && { trial: replay.trial, violation: replay.violation as PlanViolation | undefined, outcome: replay.outcome };
}
