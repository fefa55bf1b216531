import type { Violation, Verdict } from '../engine/verdict.js';

/*
 * What `sim check` finds of one property, as results.json, the reports and
 * JUnit read it: the runner (sim/check) makes it, renderers only read it.
 */

/** Where a run's stores live: files in a scratch folder, or SQLite in memory. */
export type StoreKind = 'file' | 'memory';

/** A fault kind a suite counts, with the words a summary line prints for it. */
export interface FaultKind {
  kind: string;
  words: string;
}

/**
 * held / found: the property passed (a `hold` property held; a control found
 * its bug). failed: a `hold` property has a counterexample. missed: a control
 * found nothing. unexercised: it held, but a fault it must see never fired.
 */
export type PropertyOutcome = 'held' | 'found' | 'failed' | 'missed' | 'unexercised';

/** How often each fault kind fired across the runs, with the number of runs. */
export type Tally = Record<string, number> & { runs: number };

export interface PropertyResult<T = unknown> {
  family: string;
  name: string;
  expect: 'hold' | 'find';
  protocol: string;
  outcome: PropertyOutcome;
  /** Its verdict is pass (propertyVerdict): held, or found. */
  passed: boolean;
  seed: number;
  store: StoreKind;
  /** Runs fast-check generated before it stopped (all of them when nothing failed). */
  runs: number;
  shrinks: number;
  timeMs: number;
  runsPerSecond: number;
  tally: Tally;
  /** The faults this property had to see fire (its own, as the family's options leave them). */
  mustFire: readonly string[];
  unfired: string[];
  /** The faults that must not fire for the property to say anything of its subject (see TrialTransform.mustNotFire). */
  mustNotFire?: readonly string[];
  /** Those of them that fired: the property, though it held, is unexercised. */
  unwanted?: string[];
  /** The transform's note on the first run that had one (see TrialTransform.firstNote), in the order the runs ran. */
  firstNote?: string;
  /** The counterexample, with the seed and path that replay it (the seed of the chunk that found it). */
  counterexample?: { trial: T; seed: number; path: string; violation: Violation | undefined };
  /** The fast-check runs (chunks) it was merged from, up to the first that failed; see chunks.ts. */
  chunks?: ChunkVerdict[];
}

/** One chunk's part of a property's verdict: enough to merge the chunks of several runners (worker processes, shards) again. */
export interface ChunkVerdict {
  index: number;
  seed: number;
  /** Runs fast-check generated in this chunk before it stopped. */
  runs: number;
  failed: boolean;
  shrinks: number;
  /** Runs executed, shrinking included, and the time they took (timeMs is the one field two equal runs differ in). */
  executed: number;
  timeMs: number;
  tally: Tally;
  firstNote?: string;
}

const OUTCOME_VERDICTS: Readonly<Record<PropertyOutcome, Verdict>> = {
  held: 'pass',
  found: 'pass',
  failed: 'fail',
  missed: 'fail',
  // It held, but without the faults it must see (or with those it must not): nothing was judged of its subject.
  unexercised: 'unknown',
};

/** A property's outcome as a Verdict: held and found pass, failed and missed fail, unexercised is unknown. */
export function propertyVerdict(outcome: PropertyOutcome): Verdict {
  return OUTCOME_VERDICTS[outcome];
}
