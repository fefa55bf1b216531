import { mkdirSync } from 'node:fs';
import fc from 'fast-check';
import { FileMedium } from '../engine/connections.js';
import type { HistoryEvent } from '../engine/history.js';
import type { FamilyOutcome, RunWire } from '../engine/run-family.js';
import { asProperty, trialsOf } from './check-property.js';
import type { ProtocolChoice, PropertyDefinition, PropertySuite, TrialTransform } from './suite.js';
import type { Violation } from '../engine/verdict.js';

export interface Replay<T> {
  folder: string;
  violation: Violation | undefined;
  events: readonly HistoryEvent[];
  trial: T;
  outcome: FamilyOutcome;
}

export interface ReplayOptions<B> {
  seed: number;
  path: string;
  bounds: B;
  /** Where the run's SQLite files and history.jsonl are kept. */
  folder: string;
  protocol?: ProtocolChoice;
  transform?: TrialTransform<unknown>;
  /** A fresh wire for the run when receivers are reached over a real transport (`--transport http`). */
  openWire?: () => RunWire;
}

/**
 * Replays exactly one run, the one at (seed, path), keeping its stores and
 * history.jsonl in `folder`. Undefined when the path names no run of this
 * seed (fast-check cannot walk it).
 */
export async function replayProperty<T, B>(
  suite: PropertySuite<T, B>,
  definition: PropertyDefinition<T, B>,
  options: ReplayOptions<B>,
): Promise<Replay<T> | undefined> {
  let replay: Replay<T> | undefined;
  const generic = suite as PropertySuite<T, unknown>;
  const property = asProperty(generic, trialsOf(definition, options.bounds, options), async (trial, scheduler) => {
    if (replay) return true;
    mkdirSync(options.folder, { recursive: true });
    const outcome = await suite.run(trial, {
      folder: options.folder,
      medium: new FileMedium(),
      writeHistory: true,
      ...(options.openWire ? { wire: options.openWire() } : {}),
      ...(scheduler ? { scheduler } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    const violation = definition.check(trial, outcome);
    replay = { folder: options.folder, violation, events: outcome.history.all(), trial, outcome };
    return violation === undefined;
  });
  try {
    await fc.check(property as fc.IAsyncProperty<[T]>, { seed: options.seed, path: options.path, numRuns: 1, endOnFailure: true });
  } catch (error) {
    // fast-check refuses a path that walks past the shrinks it can make: the path does not fit this seed.
    if (error instanceof Error && error.message.startsWith('Unable to replay')) return undefined;
    throw error;
  }
  return replay;
}
