import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { FileMedium } from '../../../sim/engine/connections.js';
import type { HistoryEvent } from '../../../sim/engine/history.js';
import type { HandoverGraph } from '../../../sim/handover/graph.js';
import type { PolicyChoice } from '../../../sim/handover/workload.js';
import { DEFAULT_HANDOVER_BOUNDS, type HandoverBounds } from './arbitraries.js';
import type { HandoverViolation } from '../../../sim/handover/checks.js';
import { violationOf, type HandoverProperty } from './definitions.js';
import { emptyHandoverTally, tallyHandoverRun, type HandoverTally, type TallyKind } from './tally.js';
import { runHandoverTrial, type HandoverTrial } from './trial.js';

export interface HandoverCheckOptions {
  runs: number;
  seed: number;
  bounds?: HandoverBounds;
  /**
   * Where each run's files go (removed when the run ends): a tmpfs such as /dev/shm keeps runs fast. Real files,
   * not the memory medium: the world (playing the channel and the operator) and the receivers' contracts hold
   * connections of their own to one store within a life, which only files share.
   */
  scratch: string;
  /** A `hold` property checks this protocol instead of its own. */
  protocol?: string;
  /** A user's own model and graph instead of the generated model and the default graph. */
  subject?: HandoverSubject;
}

export interface HandoverSubject {
  policy?: PolicyChoice;
  graph?: HandoverGraph;
}

/** The trials of a property, with the user's model and graph put in when there are any. */
function trialsOf(
  property: HandoverProperty,
  bounds: HandoverBounds,
  protocol: string,
  subject: HandoverSubject | undefined,
): fc.Arbitrary<HandoverTrial> {
  const trials = property.trials(bounds, protocol);
  if (!subject?.policy && !subject?.graph) return trials;
  return trials.map((trial) => ({
    ...trial,
    workload: {
      ...trial.workload,
      ...(subject.policy ? { policy: subject.policy } : {}),
      ...(subject.graph ? { graph: subject.graph } : {}),
    },
  }));
}

/** What only the adversarial model provokes: invalid transfers, the step limit, the cap. */
const ADVERSARY_ONLY: readonly TallyKind[] = ['invalidTransfers', 'stepLimits', 'capOverrides'];

export type HandoverOutcome = 'held' | 'found' | 'failed' | 'missed' | 'unexercised';

export interface HandoverPropertyResult {
  name: string;
  expect: HandoverProperty['expect'];
  outcome: HandoverOutcome;
  passed: boolean;
  seed: number;
  runs: number;
  shrinks: number;
  timeMs: number;
  tally: HandoverTally;
  unfired: TallyKind[];
  counterexample?: { trial: HandoverTrial; path: string; violation: HandoverViolation | undefined };
}

/** Runs one property with fast-check and returns its result as a value. */
export async function checkHandoverProperty(property: HandoverProperty, options: HandoverCheckOptions): Promise<HandoverPropertyResult> {
  const tally = emptyHandoverTally();
  const bounds = options.bounds ?? DEFAULT_HANDOVER_BOUNDS;
  let executed = 0;
  let failing = false;
  let lastViolation: HandoverViolation | undefined;
  const fileMedium = new FileMedium();

  const arbitrary = trialsOf(property, bounds, options.protocol ?? property.protocol, options.subject);
  const check = fc.asyncProperty(arbitrary, fc.scheduler(), async (trial, scheduler) => {
    executed++;
    const folder = join(options.scratch, property.name, String(executed));
    mkdirSync(folder, { recursive: true });
    try {
      const outcome = await runHandoverTrial(trial, { folder, medium: fileMedium, scheduler });
      if (!failing) tallyHandoverRun(tally, outcome);
      const violation = violationOf(property, trial, outcome);
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
  const details = await fc.check(check, { numRuns: options.runs, seed: options.seed });
  const timeMs = performance.now() - started;
  if (details.errorInstance && !lastViolation) {
    lastViolation = {
      kind: 'error',
      message: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
    };
  }
  // A model of the user's own need not misbehave: what only the adversary provokes is not required of it.
  const mustFire = options.subject?.policy ? property.mustFire.filter((kind) => !ADVERSARY_ONLY.includes(kind)) : property.mustFire;
  const unfired = mustFire.filter((kind) => tally[kind] === 0);
  const outcome: HandoverOutcome =
    property.expect === 'find'
      ? details.failed
        ? 'found'
        : 'missed'
      : details.failed
        ? 'failed'
        : unfired.length > 0
          ? 'unexercised'
          : 'held';
  const result: HandoverPropertyResult = {
    name: property.name,
    expect: property.expect,
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
    result.counterexample = { trial: details.counterexample[0], path: details.counterexamplePath, violation: lastViolation };
  }
  return result;
}

export interface HandoverReplay {
  folder: string;
  violation: HandoverViolation | undefined;
  events: readonly HistoryEvent[];
  trial: HandoverTrial;
}

/** Replays exactly the run at (seed, path), keeping its three SQLite files and history.jsonl in `folder`. */
export async function replayHandoverProperty(
  property: HandoverProperty,
  options: { seed: number; path: string; folder: string; bounds?: HandoverBounds; protocol?: string; subject?: HandoverSubject },
): Promise<HandoverReplay | undefined> {
  let replay: HandoverReplay | undefined;
  const arbitrary = trialsOf(property, options.bounds ?? DEFAULT_HANDOVER_BOUNDS, options.protocol ?? property.protocol, options.subject);
  const check = fc.asyncProperty(arbitrary, fc.scheduler(), async (trial, scheduler) => {
    if (replay) return true;
    mkdirSync(options.folder, { recursive: true });
    const outcome = await runHandoverTrial(trial, { folder: options.folder, medium: new FileMedium(), scheduler, writeHistory: true });
    const violation = violationOf(property, trial, outcome);
    replay = { folder: options.folder, violation, events: outcome.history.all(), trial };
    return violation === undefined;
  });
  await fc.check(check, { seed: options.seed, path: options.path, numRuns: 1, endOnFailure: true });
  return replay;
}
