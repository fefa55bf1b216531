import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import type { AnySuite, StoreKind } from '../check/suite.js';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { CheckRequest } from './check-request.js';
import { resolveProtocols } from './load-protocol.js';

/** Generated runs per property of `sim check`. */
export const CHECK_RUNS_DEFAULT = 200;
/** Generated runs per property of the library's checkProperty: a test's share of a suite. */
export const CHECK_PROPERTY_RUNS_DEFAULT = 100;
/** The library's seed when none is given, so that a test is reproducible without being told one. */
export const CHECK_PROPERTY_SEED_DEFAULT = 1;

/** A seed of fast-check's range, for a check given none (`sim check` prints it first). */
export function randomSeed(): number {
  // Real randomness is the point: every check without --seed explores other runs, and prints the seed that replays them.
  return randomInt(0, 2 ** 31);
}

/** How a face names the options of a check in its refusals: `sim check`'s flags, or checkProperty's options. */
export interface CheckWords {
  /** The family refused the workers asked for (its sentence names `--workers`). */
  workers(problem: string): string;
  /** The store asked for is not one of the family's. */
  store(family: string, stores: readonly StoreKind[], given: string): string;
}

/** A check's options as given, before the family's suite has read them. */
export interface CheckInput {
  family: AnyFamily;
  suite: AnySuite;
  workers?: number | undefined;
  store?: StoreKind | undefined;
  seed: number;
  /** The protocol to check instead of the properties' own: a built-in name or a path from `cwd`. */
  protocol?: string | undefined;
  /** The family's own options that were given (`policy`, `graph`, …): a path or a value by the option's name. */
  familyOptions: Readonly<Record<string, string>>;
  /** The parent of run folders, when it is not the default one (a replay line then names it). */
  out?: string | undefined;
  cwd: string;
  /** Replay lines name files by absolute path (the library's caller may run them from anywhere), or as given (the CLI's). */
  absolutePaths: boolean;
}

/**
 * What one check runs, from its options, each checked once before anything
 * runs: the suite's bounds with the workers asked for, the store, the
 * protocol put in instead of the properties' own, the family's own options
 * through its suite's transform, and the options a replay line repeats.
 * `sim check` and the library's checkProperty build it here alike.
 */
export async function checkRequest(input: CheckInput, words: CheckWords): Promise<CheckRequest> {
  const { family, suite, cwd } = input;
  const shown = (value: string) => (input.absolutePaths ? resolve(cwd, value) : value);
  const replayOptions: [string, string][] = [];
  let bounds = suite.defaultBounds;
  if (input.workers !== undefined) {
    const withWorkers = suite.withWorkers(bounds, input.workers);
    if (typeof withWorkers === 'string') throw new InputError(words.workers(withWorkers));
    bounds = withWorkers;
    if (input.workers !== suite.workersOf(suite.defaultBounds)) replayOptions.push(['--workers', String(input.workers)]);
  }
  const storeDefault = suite.stores[0] ?? 'file';
  const store = input.store ?? storeDefault;
  if (!suite.stores.includes(store)) throw new InputError(words.store(family.name, suite.stores, store));
  if (store !== storeDefault) replayOptions.push(['--store', store]);
  // Where the replay's files go, when it is not the default: a pasted line keeps them beside the run's.
  if (input.out !== undefined && input.out !== 'runs') replayOptions.push(['--out', input.out]);
  const request: CheckRequest = { family, suite, bounds, store, seed: input.seed, replayOptions, familyOptions: [], leftOut: [] };
  if (input.protocol !== undefined) {
    const { protocols, files } = await resolveProtocols(family, [input.protocol], cwd);
    const [protocol] = protocols;
    if (!protocol) throw new InputError(`${input.protocol} names no protocol`);
    const file = files.get(protocol.name);
    request.protocol = { protocol, ...(file ? { file } : {}) };
    replayOptions.push(['--protocol', file ? shown(input.protocol) : input.protocol]);
  }
  const transform = await suite.transform?.(input.familyOptions, cwd);
  if (transform) request.transform = transform;
  for (const [name, value] of Object.entries(input.familyOptions)) {
    replayOptions.push([`--${name}`, shown(value)]);
    request.familyOptions.push([`--${name}`, value]);
  }
  return request;
}
