import type fc from 'fast-check';
import type { StoreMedium } from '../engine/connections.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { FamilyOutcome, RunWire } from '../engine/run-family.js';
import type { Violation } from '../engine/verdict.js';
import type { FaultKind, StoreKind } from '../results/property-result.js';

export type { FaultKind, StoreKind } from '../results/property-result.js';

/**
 * A named property of one family. `hold`: every generated run must satisfy
 * `check`. `find`: a negative control on a known-flawed protocol; fast-check
 * must find a counterexample, or the harness is blind to that bug.
 */
export interface PropertyDefinition<T, B, K extends string = string> {
  name: string;
  title: string;
  expect: 'hold' | 'find';
  /** The protocol it checks by default. A `hold` property checks any protocol given instead (`--protocol`). */
  protocol: string;
  /**
   * What a protocol must support for this property to apply (e.g. updates to one object): checking a protocol of
   * one's own runs it only when named, since a protocol need not offer every kind of intention.
   */
  needs?: string;
  /**
   * The trials of `protocol`. `given` is the protocol object when the user gave one (their module), so a family can
   * generate the module's own calls rather than its examples' and a counterexample reads in the module's terms.
   */
  trials(bounds: B, protocol: string, given?: FamilyProtocol): fc.Arbitrary<T>;
  check(trial: T, outcome: FamilyOutcome): Violation | undefined;
  /** The faults this property must see fire across its runs, or its passing proves nothing. */
  mustFire: readonly K[];
}

/** The protocol checked instead of a property's own: a built-in, or a user's module (imported anew each life). */
export interface ProtocolChoice {
  protocol: FamilyProtocol;
  /** The module's file, for a user's protocol: each life gets a fresh instance of it. */
  file?: string;
}

export interface TrialRunOptions {
  /** The run's folder (the file medium) or store name (the memory medium). */
  folder: string;
  medium: StoreMedium;
  /** fast-check's scheduler, for a suite whose workers interleave at its cuts. */
  scheduler?: fc.Scheduler;
  writeHistory: boolean;
  protocol?: ProtocolChoice;
  /** Receivers over a real wire (`--transport http`, one wire per trial); in process when omitted. */
  wire?: RunWire;
}

export interface TrialTransform<T> {
  /** Changes every generated trial (e.g. puts in the user's model). */
  trial(trial: T): T;
  /** The faults still required of a run under this transform (a user's model need not misbehave). */
  mustFire(kinds: readonly string[]): readonly string[];
  /**
   * Faults whose firing leaves a run saying nothing of the subject (a user's model's call it did not answer, decided
   * by the harness's fallback instead): a property that held with any of them fired is unexercised.
   */
  mustNotFire?: readonly string[];
  /** What went wrong first in a run that no count can say (a user's policy's first error), kept as the result's firstNote. */
  firstNote?(outcome: FamilyOutcome): string | undefined;
  /** The line that says why a property that held proves nothing under this transform, from its tally and first note. */
  unexercisedLine?(result: { tally: Readonly<Record<string, number>>; firstNote?: string }): string | undefined;
}

/**
 * Everything `sim check` needs to know of one family's properties: how a
 * generated trial runs, what a run's faults are, how a trial reads. The
 * runner in sim/check is the same for every family.
 */
export interface PropertySuite<T = unknown, B = unknown> {
  family: string;
  properties: readonly PropertyDefinition<T, B>[];
  defaultBounds: B;
  /** The bounds with the command line's `--workers`, or an error sentence when the family takes none. */
  withWorkers(bounds: B, workers: number): B | string;
  /** The workers bound as printed, and as a replay line must repeat it when it is not the default. */
  workersOf(bounds: B): number | undefined;
  /** Runs whose workers interleave at the cuts take fast-check's scheduler. */
  scheduled: boolean;
  /** The store media a run may use; the first is the default. */
  stores: readonly StoreKind[];
  run(trial: T, options: TrialRunOptions): Promise<FamilyOutcome>;
  faultKinds: readonly FaultKind[];
  /** How often each fault fired in one run. */
  tally(trial: T, outcome: FamilyOutcome): Partial<Record<string, number>>;
  /** A trial in words, for a replay. */
  trialText(trial: T): string;
  /** A counterexample's size, in the terms shrinking is judged by. */
  trialSize(trial: T): string;
  /** The protocol a trial runs. */
  protocolOf(trial: T): string;
  /**
   * Built-in protocols besides the properties' own that must hold some of
   * them (a repaired variant), with the properties each must hold: fresh-seed
   * checks (`npm test`, `npm run soak`) run these too.
   */
  alsoHold?: readonly { protocol: string; properties: readonly string[] }[];
  /** Reads the family's own `sim check` inputs (its entry's, as given, by flag name) into a transform; undefined when none were given. */
  transform?(values: Readonly<Record<string, string>>, cwd: string): Promise<TrialTransform<T> | undefined>;
}

/** Any family's suite, as the command line holds them. */
export type AnySuite = PropertySuite<unknown, unknown>;
