import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { FileMedium, MemoryMedium, type StoreMedium } from '../engine/connections.js';
import type { RunWire } from '../engine/run-family.js';
import { environmentFailure, type EnvironmentFailure } from '../engine/environment-failure.js';
import { heartbeat } from '../engine/heartbeat.js';
import { letSignalsIn } from '../process/let-signals-in.js';
import type { ProtocolChoice, PropertyDefinition, PropertySuite, StoreKind, TrialTransform } from './suite.js';
import type { Violation } from '../engine/verdict.js';
import { propertyVerdict, type PropertyOutcome, type PropertyResult, type Tally } from '../results/property-result.js';

export type { ChunkVerdict, PropertyOutcome, PropertyResult, Tally } from '../results/property-result.js';

export interface CheckOptions<B> {
  runs: number;
  seed: number;
  bounds: B;
  store: StoreKind;
  /** Where file-backed runs put their stores; each run's files are removed when it ends. */
  scratch: string;
  /** Called after every executed run (including shrinking), for progress display. */
  onRun?: (progress: { executed: number; failing: boolean }) => void;
  /** Replaces the store medium of every run (benchmarks trace the SQL through it). */
  medium?: StoreMedium;
  /** The protocol to check instead of the property's own (for `hold` properties). */
  protocol?: ProtocolChoice;
  /** The family's own options, applied to every trial. */
  transform?: TrialTransform<unknown>;
  /** A fresh wire per run when receivers are reached over a real transport (`--transport http`). */
  openWire?: () => RunWire;
}

export function emptyTally<T>(suite: PropertySuite<T, unknown>): Tally {
  const tally: Tally = { runs: 0 };
  for (const { kind } of suite.faultKinds) tally[kind] = 0;
  return tally;
}

/** The arbitrary of a property's trials, on the chosen protocol, with the family's own options applied. */
export function trialsOf<T, B>(
  definition: PropertyDefinition<T, B>,
  bounds: B,
  options: { protocol?: ProtocolChoice; transform?: TrialTransform<unknown> },
): fc.Arbitrary<T> {
  const trials = definition.trials(bounds, options.protocol?.protocol.name ?? definition.protocol, options.protocol?.protocol);
  const transform = options.transform as TrialTransform<T> | undefined;
  return transform ? trials.map((trial) => transform.trial(trial)) : trials;
}

/** The property under fast-check: each generated trial (and the scheduler, when the suite interleaves) is one run. */
export function asProperty<T>(
  suite: PropertySuite<T, unknown>,
  trials: fc.Arbitrary<T>,
  runOne: (trial: T, scheduler: fc.Scheduler | undefined) => Promise<boolean>,
): fc.IAsyncPropertyWithHooks<[T, fc.Scheduler]> | fc.IAsyncPropertyWithHooks<[T]> {
  return suite.scheduled
    ? fc.asyncProperty(trials, fc.scheduler(), (trial, scheduler) => runOne(trial, scheduler))
    : fc.asyncProperty(trials, (trial) => runOne(trial, undefined));
}

/** Runs one property of a family with fast-check and returns its result as a value. */
export async function checkSuiteProperty<T, B>(
  suite: PropertySuite<T, B>,
  definition: PropertyDefinition<T, B>,
  options: CheckOptions<B>,
): Promise<PropertyResult<T>> {
  const generic = suite as PropertySuite<T, unknown>;
  const tally = emptyTally(generic);
  const fileMedium = options.medium ?? new FileMedium();
  let executed = 0;
  let failing = false;
  let lastViolation: Violation | undefined;
  let firstNote: string | undefined;
  // A full disk (or any failure of the machine under the stores) is no counterexample: once one is met, the
  // remaining runs and shrinks pass at once, and the check ends with it instead of a verdict.
  let failedEnvironment: EnvironmentFailure | undefined;

  const property = asProperty(generic, trialsOf(definition, options.bounds, options), async (trial, scheduler) => {
    if (failedEnvironment) return true;
    // Before any task is scheduled, so the scheduler's interleaving is untouched: Ctrl-C is heard between runs.
    await letSignalsIn();
    executed++;
    // A watched command's parent names the run a protocol hangs in (a no-op when nothing watches).
    heartbeat(`run ${executed} of ${definition.name}`);
    const folder = join(options.scratch, definition.name, String(executed));
    try {
      if (options.store === 'file') mkdirSync(folder, { recursive: true });
      // A memory store is private to its run; the file medium only keeps schema templates.
      const medium = options.store === 'file' || options.medium ? fileMedium : new MemoryMedium();
      const outcome = await suite.run(trial, {
        folder,
        medium,
        writeHistory: false,
        ...(options.openWire ? { wire: options.openWire() } : {}),
        ...(scheduler ? { scheduler } : {}),
        ...(options.protocol ? { protocol: options.protocol } : {}),
      });
      if (!failing) {
        addToTally(tally, suite.tally(trial, outcome));
        firstNote ??= options.transform?.firstNote?.(outcome);
      }
      const violation = definition.check(trial, outcome);
      if (violation) {
        failing = true;
        lastViolation = violation;
      }
      return violation === undefined;
    } catch (error) {
      failedEnvironment = environmentFailure(error, folder);
      if (failedEnvironment) return true;
      throw error;
    } finally {
      if (options.store === 'file') rmSync(folder, { recursive: true, force: true });
      options.onRun?.({ executed, failing });
    }
  });

  const started = performance.now();
  const details = await fc.check(property as fc.IAsyncProperty<[T]>, { numRuns: options.runs, seed: options.seed });
  const timeMs = performance.now() - started;
  if (failedEnvironment) throw failedEnvironment;
  if (details.errorInstance && !lastViolation) {
    // The property threw rather than returned: a harness or protocol bug, reported as such.
    lastViolation = {
      kind: 'error',
      message: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
    };
  }

  const mustFire = options.transform ? options.transform.mustFire(definition.mustFire) : definition.mustFire;
  const unfired = mustFire.filter((kind) => (tally[kind] ?? 0) === 0);
  const mustNotFire = options.transform?.mustNotFire ?? [];
  const unwanted = firedOf(mustNotFire, tally);
  const result: PropertyResult<T> = {
    family: suite.family,
    name: definition.name,
    expect: definition.expect,
    protocol: options.protocol?.protocol.name ?? definition.protocol,
    outcome: outcomeOf(definition.expect, details.failed, unfired, unwanted),
    passed: false,
    seed: options.seed,
    store: options.store,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    timeMs,
    runsPerSecond: executed / (timeMs / 1000),
    tally,
    mustFire,
    unfired,
    ...(mustNotFire.length === 0 ? {} : { mustNotFire, unwanted }),
    ...(firstNote === undefined ? {} : { firstNote }),
  };
  result.passed = propertyVerdict(result.outcome) === 'pass';
  if (details.failed && details.counterexample && details.counterexamplePath) {
    result.counterexample = {
      trial: details.counterexample[0],
      seed: options.seed,
      path: details.counterexamplePath,
      violation: lastViolation,
    };
  }
  return result;
}

export function outcomeOf(
  expect: 'hold' | 'find',
  failed: boolean,
  unfired: readonly string[],
  unwanted: readonly string[] = [],
): PropertyOutcome {
  if (expect === 'find') return failed ? 'found' : 'missed';
  if (failed) return 'failed';
  return unfired.length > 0 || unwanted.length > 0 ? 'unexercised' : 'held';
}

/** The kinds among these that fired at least once. */
export function firedOf(kinds: readonly string[], tally: Readonly<Record<string, number>>): string[] {
  return kinds.filter((kind) => (tally[kind] ?? 0) > 0);
}

function addToTally(tally: Tally, run: Partial<Record<string, number>>): void {
  tally.runs++;
  for (const [kind, count] of Object.entries(run)) tally[kind] = (tally[kind] ?? 0) + (count ?? 0);
}
