import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { FileMedium, MemoryMedium, type StoreMedium } from '../../../sim/engine/connections.js';
import type { HistoryEvent } from '../../../sim/engine/history.js';
import type { TrialBounds } from './arbitraries.js';
import type { Violation } from '../../../sim/reservation/checks.js';
import { emptyTally, tallyRun, type FaultTally } from './fault-tally.js';
import type { PropertyDefinition } from './property.js';
import { runTrial, type Trial } from './trial.js';

export type StoreKind = 'file' | 'memory';

export interface CheckOptions {
  runs: number;
  seed: number;
  bounds: TrialBounds;
  store: StoreKind;
  /** Where file-backed runs put their stores; each run's files are removed when it ends. */
  scratch: string;
  /** Called after every executed run (including shrinking), for progress display. */
  onRun?: (progress: { executed: number; failing: boolean }) => void;
  /** Replaces the store medium of every run (benchmarks trace the SQL through it). */
  medium?: StoreMedium;
  /** The protocol to check instead of the property's own (for `hold` properties). */
  protocol?: string;
}

/**
 * held / found: the property passed (a `hold` property held; a control found
 * its bug). failed: a `hold` property has a counterexample. missed: a control
 * found nothing. unexercised: it held, but a fault it must see never fired.
 */
export type PropertyOutcome = 'held' | 'found' | 'failed' | 'missed' | 'unexercised';

export interface PropertyResult {
  name: string;
  expect: PropertyDefinition['expect'];
  outcome: PropertyOutcome;
  passed: boolean;
  seed: number;
  store: StoreKind;
  /** Runs fast-check generated before it stopped (all of them when nothing failed). */
  runs: number;
  shrinks: number;
  timeMs: number;
  runsPerSecond: number;
  tally: FaultTally;
  unfired: string[];
  counterexample?: { trial: Trial; path: string; violation: Violation | undefined };
}

/** Runs one property with fast-check and returns its result as a value. */
export async function checkProperty(definition: PropertyDefinition, options: CheckOptions): Promise<PropertyResult> {
  const tally = emptyTally();
  const fileMedium = options.medium ?? new FileMedium();
  let executed = 0;
  let failing = false;
  let lastViolation: Violation | undefined;

  const trials = definition.trials(options.bounds, options.protocol ?? definition.protocol);
  const property = fc.asyncProperty(trials, fc.scheduler(), async (trial, scheduler) => {
    executed++;
    const folder = join(options.scratch, definition.name, String(executed));
    if (options.store === 'file') mkdirSync(folder, { recursive: true });
    try {
      // A memory store is private to its run; the file medium only keeps schema templates.
      const medium = options.store === 'file' || options.medium ? fileMedium : new MemoryMedium();
      const outcome = await runTrial(trial, { folder, medium, scheduler });
      if (!failing) tallyRun(tally, outcome.history.all());
      const violation = definition.check(trial, outcome);
      if (violation) {
        failing = true;
        lastViolation = violation;
      }
      return violation === undefined;
    } finally {
      if (options.store === 'file') rmSync(folder, { recursive: true, force: true });
      options.onRun?.({ executed, failing });
    }
  });

  const started = performance.now();
  const details = await fc.check(property, { numRuns: options.runs, seed: options.seed });
  const timeMs = performance.now() - started;
  if (details.errorInstance && !lastViolation) {
    // The property threw rather than returned: a harness or protocol bug, reported as such.
    lastViolation = {
      kind: 'error',
      message: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
    };
  }

  const unfired = definition.mustFire.filter((kind) => tally[kind] === 0);
  const outcome: PropertyOutcome =
    definition.expect === 'find'
      ? details.failed
        ? 'found'
        : 'missed'
      : details.failed
        ? 'failed'
        : unfired.length > 0
          ? 'unexercised'
          : 'held';
  const result: PropertyResult = {
    name: definition.name,
    expect: definition.expect,
    outcome,
    passed: outcome === 'held' || outcome === 'found',
    seed: options.seed,
    store: options.store,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    timeMs,
    runsPerSecond: executed / (timeMs / 1000),
    tally,
    unfired,
  };
  if (details.failed && details.counterexample && details.counterexamplePath) {
    result.counterexample = { trial: details.counterexample[0], path: details.counterexamplePath, violation: lastViolation };
  }
  return result;
}

export interface Replay {
  folder: string;
  violation: Violation | undefined;
  events: readonly HistoryEvent[];
  trial: Trial;
}

/**
 * Replays exactly one run, the one at (seed, path), keeping its two SQLite
 * files and history.jsonl in `folder`.
 */
export async function replayProperty(
  definition: PropertyDefinition,
  options: { seed: number; path: string; bounds: TrialBounds; folder: string; protocol?: string },
): Promise<Replay | undefined> {
  let replay: Replay | undefined;
  const trials = definition.trials(options.bounds, options.protocol ?? definition.protocol);
  const property = fc.asyncProperty(trials, fc.scheduler(), async (trial, scheduler) => {
    if (replay) return true;
    mkdirSync(options.folder, { recursive: true });
    const outcome = await runTrial(trial, { folder: options.folder, medium: new FileMedium(), scheduler, writeHistory: true });
    const violation = definition.check(trial, outcome);
    replay = { folder: options.folder, violation, events: outcome.history.all(), trial };
    return violation === undefined;
  });
  await fc.check(property, { seed: options.seed, path: options.path, numRuns: 1, endOnFailure: true });
  return replay;
}
