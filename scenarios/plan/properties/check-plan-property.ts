import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { planTrialArbitrary, type PlanTrialBounds } from './arbitraries.js';
import type { PlanViolation } from './checks.js';
import type { PlanPropertyDefinition } from './definitions.js';
import { emptyPlanTally, tallyPlanRun, type PlanFaultTally } from './fault-tally.js';
import { runPlanTrial, type PlanTrial } from './trial.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';

export interface PlanCheckOptions {
  runs: number;
  seed: number;
  bounds: PlanTrialBounds;
  /** Where runs put their files; each run's folder is removed when it ends. */
  scratch: string;
  /** The protocol to check instead of the property's own (a user's loop, for `hold` properties). */
  protocol?: PlanProtocol;
}

/** held / found: the property passed. failed: a hold has a counterexample. missed: a control found nothing. unexercised: a needed fault never fired. */
export type PlanPropertyOutcome = 'held' | 'found' | 'failed' | 'missed' | 'unexercised';

export interface PlanPropertyResult {
  name: string;
  expect: PlanPropertyDefinition['expect'];
  protocol: string;
  outcome: PlanPropertyOutcome;
  passed: boolean;
  seed: number;
  runs: number;
  shrinks: number;
  timeMs: number;
  tally: PlanFaultTally;
  unfired: string[];
  counterexample?: { trial: PlanTrial; path: string; violation: PlanViolation | undefined; replay: string };
}

function violationOf(definition: PlanPropertyDefinition, trial: PlanTrial, outcome: FamilyOutcome): PlanViolation | undefined {
  for (const check of definition.checks) {
    const violation = check(trial, outcome);
    if (violation) return violation;
  }
  return undefined;
}

/** The command that replays one run of a property, keeping its files. */
export function replayLine(definition: PlanPropertyDefinition, seed: number, path: string, protocolAs?: string): string {
  return `npx sim check --family plan ${definition.name} --seed ${seed} --path ${path}${protocolAs ? ` --protocol ${protocolAs}` : ''}`;
}

/** Runs one plan property with fast-check and returns its result as a value. */
export async function checkPlanProperty(definition: PlanPropertyDefinition, options: PlanCheckOptions): Promise<PlanPropertyResult> {
  const tally = emptyPlanTally();
  let executed = 0;
  let failing = false;
  let lastViolation: PlanViolation | undefined;
  const protocolName = options.protocol?.name ?? definition.protocol;
  const trials = planTrialArbitrary({
    protocol: protocolName,
    bounds: { ...options.bounds, ...definition.bounds },
    ...definition.shape,
  });
  const property = fc.asyncProperty(trials, async (trial) => {
    executed++;
    const folder = join(options.scratch, definition.name, String(executed));
    try {
      const outcome = await runPlanTrial(trial, folder, options.protocol);
      if (!failing) tallyPlanRun(tally, outcome, trial.workers);
      const violation = violationOf(definition, trial, outcome);
      if (violation) {
        failing = true;
        lastViolation = violation;
      }
      return violation === undefined;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
  const started = performance.now();
  const details = await fc.check(property, { numRuns: options.runs, seed: options.seed });
  const timeMs = performance.now() - started;
  if (details.errorInstance && !lastViolation) {
    lastViolation = {
      kind: 'error',
      message: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
    };
  }
  const unfired = definition.mustFire.filter((fault) => tally[fault] === 0);
  const outcome: PlanPropertyOutcome =
    definition.expect === 'find'
      ? details.failed
        ? 'found'
        : 'missed'
      : details.failed
        ? 'failed'
        : unfired.length > 0
          ? 'unexercised'
          : 'held';
  const result: PlanPropertyResult = {
    name: definition.name,
    expect: definition.expect,
    protocol: protocolName,
    outcome,
    passed: outcome === 'held' || outcome === 'found',
    seed: options.seed,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    timeMs,
    tally,
    unfired,
  };
  if (details.failed && details.counterexample && details.counterexamplePath) {
    const path = details.counterexamplePath;
    result.counterexample = {
      trial: details.counterexample[0],
      path,
      violation: lastViolation,
      replay: replayLine(definition, options.seed, path),
    };
  }
  return result;
}

/** Replays exactly the run at (seed, path), keeping its files and history.jsonl in `folder`. */
export async function replayPlanProperty(
  definition: PlanPropertyDefinition,
  options: { seed: number; path: string; bounds: PlanTrialBounds; folder: string; protocol?: PlanProtocol },
): Promise<{ trial: PlanTrial; violation: PlanViolation | undefined; outcome: FamilyOutcome } | undefined> {
  let replay: { trial: PlanTrial; violation: PlanViolation | undefined; outcome: FamilyOutcome } | undefined;
  const trials = planTrialArbitrary({
    protocol: options.protocol?.name ?? definition.protocol,
    bounds: { ...options.bounds, ...definition.bounds },
    ...definition.shape,
  });
  const property = fc.asyncProperty(trials, async (trial) => {
    if (replay) return true;
    const outcome = await runPlanTrial(trial, options.folder, options.protocol);
    const violation = violationOf(definition, trial, outcome);
    replay = { trial, violation, outcome };
    return violation === undefined;
  });
  await fc.check(property, { seed: options.seed, path: options.path, numRuns: 1, endOnFailure: true });
  return replay;
}
