import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { timeline } from '../../reports/timeline.js';
import { checkChunk } from '../check/check-chunk.js';
import { checkChunked, type ChunkRunner } from '../check/check-chunked.js';
import type { PropertyResult } from '../check/check-property.js';
import { propertyChunks } from '../check/chunks.js';
import { replayLine } from '../check/replay-line.js';
import { replayProperty } from '../check/replay-property.js';
import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { createRunFolder } from '../results/run-folder.js';
import type { AnySuite, PropertyDefinition, StoreKind } from '../check/suite.js';
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
  const store = input.store ?? suite.stores[0] ?? 'file';
  if (!suite.stores.includes(store)) throw new InputError(words.store(family.name, suite.stores, store));
  if (input.store === 'memory') replayOptions.push(['--store', 'memory']);
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

/** What a counterexample needs to be understood and replayed. */
export interface Counterexample {
  /** `npx sim check ... --seed S --path P`: replays exactly this run, keeping its files. */
  replay: string;
  /** The generated trial, in words. */
  trial: string;
  /** The replayed run's history: virtual ms, worker, event. */
  timeline: string;
  violation: string;
  /** Where the replayed run's SQLite files and history.jsonl are kept. */
  folder: string;
}

/** A property's result as results.json holds it, and for a failure, its counterexample ready to print. */
export type PropertyCheck = PropertyResult & { failure?: Counterexample };

/**
 * Checks one property of a request with fast-check, in this process, cut
 * into the chunks `sim check` cuts it into (chunks.ts: seeds derived from
 * the request's seed), in order up to the first that fails, so the verdict
 * is the CLI's for the same seed. A counterexample is replayed into a run
 * folder under `outDir`, so that its stores and timeline are kept.
 */
export async function checkOneProperty(
  request: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  runs: number,
  outDir: string,
): Promise<PropertyCheck> {
  const { suite } = request;
  const { bounds, store } = request;
  const protocol = {
    ...(request.protocol ? { protocol: request.protocol } : {}),
    ...(request.transform ? { transform: request.transform } : {}),
  };
  const scratch = createScratch(defaultScratchParent());
  let result: PropertyResult;
  try {
    const here: ChunkRunner = (chunk, onRun) =>
      checkChunk(suite, definition, chunk, { bounds, store, scratch: scratch.path, ...protocol, onRun });
    const check = checkChunked(propertyChunks(definition.name, runs, request.seed), [here], request.seed, () => {});
    [result] = await Promise.all([check.properties[0]!.result, check.done]);
  } finally {
    scratch.remove();
  }
  const ce = result.counterexample;
  if (!ce) return result;
  const folder = join(createRunFolder(outDir).path, definition.name);
  // The counterexample's seed is the seed of the chunk that found it (the seed itself in the first chunk).
  const replayed = await replayProperty(suite, definition, { seed: ce.seed, path: ce.path, bounds, folder, ...protocol });
  const violation = ce.violation ?? replayed?.violation;
  return {
    ...result,
    failure: {
      replay: replayLine({ family: request.family.name, property: definition.name, seed: ce.seed, path: ce.path, options: request.replayOptions }),
      trial: suite.trialText(ce.trial),
      timeline: replayed ? timeline(replayed.events) : '(the replay found no run at this path)',
      violation: violation ? `${violation.kind}: ${violation.message}` : 'the property threw',
      folder,
    },
  };
}
