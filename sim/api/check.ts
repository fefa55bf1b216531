import { join, resolve } from 'node:path';
import { timeline } from '../../reports/timeline.js';
import { checkChunk } from '../check/check-chunk.js';
import { checkChunked, type ChunkRunner } from '../check/check-chunked.js';
import type { PropertyResult } from '../check/check-property.js';
import { propertyChunks } from '../check/chunks.js';
import { replayLine } from '../check/replay-line.js';
import { replayProperty } from '../check/replay-property.js';
import type { StoreKind } from '../check/suite.js';
import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { createRunFolder } from '../results/run-folder.js';
import { familyInputs, inputFlag, propertySuite } from '../families/index.js';
import { familyOf, inputPath, resolveProtocol, type FamilyRef, type ProtocolRef } from './protocol-ref.js';
import { checkChoice, checkSeed, checkWhole } from './validate.js';
import { CHECK_WORKERS_MAX, RUNS_MAX } from '../limits.js';

export interface CheckPropertyOptions {
  /** A property of the family, e.g. `dedup-safety` (see `npx sim check --list [--family F]`). */
  property: string;
  /** The family (default: the one the built-in protocol belongs to, else reservation). */
  family?: FamilyRef;
  /** The protocol to check instead of the property's own: a built-in name, a path to your module, or a file URL. */
  protocol?: ProtocolRef;
  /** Generated runs (default 100). */
  runs?: number;
  /** fast-check seed (default 1, so a test is reproducible without being told one). */
  seed?: number;
  /** Most concurrent workers in a generated run (default as `sim check`; a family may take none). */
  workersMax?: number;
  /** file (default): fresh SQLite files per run; memory: in-memory databases (reservation only). */
  store?: StoreKind;
  /** Parent of the run folder where a counterexample's files are kept (default `runs`). */
  out?: string;
  /**
   * Handover family: check the harness around your own model, a module exporting respond(conversation, tools), as
   * `sim check --policy`. It runs in this process: unlike the CLI's watched child, a respond() that never returns hangs the call.
   */
  policy?: ProtocolRef;
  /** Handover family: check with your own handover graph (JSON), as `sim check --graph`. */
  graph?: ProtocolRef;
}

/** The most workers `sim check --workers-max` takes. */

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
 * Checks one property of a family with fast-check, on the property's own
 * protocol or on the one given; a counterexample is replayed into a run
 * folder so its stores and timeline are kept. The runs are cut into the
 * chunks `sim check` cuts them into (chunks.ts: 100 runs each, seeds derived
 * from the seed), run in order up to the first that fails, so the verdict is
 * the CLI's for the same seed and a replay line (with its chunk's seed)
 * reproduces with `npx sim check`.
 */
export async function checkProperty(options: CheckPropertyOptions): Promise<PropertyCheck> {
  checkWhole('checkProperty', 'runs', options.runs, 1, RUNS_MAX);
  checkSeed('checkProperty', options.seed);
  checkWhole('checkProperty', 'workersMax', options.workersMax, 1, CHECK_WORKERS_MAX);
  const family = familyOf(options.family, options.protocol);
  const suite = await propertySuite(family.name);
  if (!suite) throw new TypeError(`the ${family.name} family has no properties`);
  const definition = suite.properties.find((p) => p.name === options.property);
  if (!definition) throw new TypeError(`unknown property '${options.property}'; valid: ${suite.properties.map((p) => p.name).join(', ')}`);
  const subject = options.protocol === undefined ? undefined : await resolveProtocol(options.protocol, family);
  if (subject && definition.expect === 'find')
    throw new TypeError(
      `${definition.name} is a negative control on its own flawed protocol; check a protocol with a property that must hold`,
    );
  let bounds = suite.defaultBounds;
  if (options.workersMax !== undefined) {
    const withWorkers = suite.withWorkers(bounds, options.workersMax);
    if (typeof withWorkers === 'string')
      throw new TypeError(`checkProperty: workersMax: ${withWorkers.replace('--workers', 'workersMax')}`);
    bounds = withWorkers;
  }
  const familyOptions = familyOptionsOf(family.name, { policy: options.policy, graph: options.graph });
  const cwd = process.cwd();
  // The family's own options go through its suite's transform, as `sim check --policy/--graph` do.
  const transform = await suite.transform?.(familyOptions, cwd);
  const seed = options.seed ?? 1;
  checkChoice('checkProperty', `store (the ${family.name} family's runs)`, options.store, suite.stores);
  const store = options.store ?? suite.stores[0] ?? 'file';
  const protocol = {
    ...(subject ? { protocol: { protocol: subject.protocol, ...(subject.file ? { file: subject.file } : {}) } } : {}),
    ...(transform ? { transform } : {}),
  };
  const scratch = createScratch(defaultScratchParent());
  let result: PropertyResult;
  try {
    const here: ChunkRunner = (chunk, onRun) =>
      checkChunk(suite, definition, chunk, { bounds, store, scratch: scratch.path, ...protocol, onRun });
    const check = checkChunked(propertyChunks(definition.name, options.runs ?? 100, seed), [here], seed, () => {});
    [result] = await Promise.all([check.properties[0]!.result, check.done]);
  } finally {
    scratch.remove();
  }
  const ce = result.counterexample;
  if (!ce) return result;
  const folder = join(createRunFolder(resolve(options.out ?? 'runs')).path, definition.name);
  // The counterexample's seed is the seed of the chunk that found it (the seed itself in the first chunk).
  const replayed = await replayProperty(suite, definition, { seed: ce.seed, path: ce.path, bounds, folder, ...protocol });
  const replayOptions: [string, string][] = [];
  if (options.workersMax !== undefined && options.workersMax !== suite.workersOf(suite.defaultBounds))
    replayOptions.push(['--workers', String(options.workersMax)]);
  if (store === 'memory') replayOptions.push(['--store', 'memory']);
  if (subject) replayOptions.push(['--protocol', subject.shownAs]);
  for (const [name, value] of Object.entries(familyOptions)) replayOptions.push([`--${name}`, resolve(cwd, value)]);
  const violation = ce.violation ?? replayed?.violation;
  return {
    ...result,
    failure: {
      replay: replayLine({ family: family.name, property: definition.name, seed: ce.seed, path: ce.path, options: replayOptions }),
      trial: suite.trialText(ce.trial),
      timeline: replayed ? timeline(replayed.events) : '(the replay found no run at this path)',
      violation: violation ? `${violation.kind}: ${violation.message}` : 'the property threw',
      folder,
    },
  };
}

/**
 * The family's own options that were given, as paths by option name, the way
 * `sim check` hands them to the suite; one that is not the family's (a policy
 * for the reservation family) is a TypeError naming the family it belongs to.
 */
function familyOptionsOf(family: string, given: Readonly<Record<string, ProtocolRef | undefined>>): Record<string, string> {
  const values: Record<string, string> = {};
  // The families' own `sim check` inputs by name: `--policy <file>` is `policy`.
  const inputs = familyInputs('check').map((owned) => ({ ...owned, name: inputFlag(owned.input).replace(/^--/, '') }));
  for (const [name, ref] of Object.entries(given)) {
    const path = inputPath(ref);
    if (path === undefined) continue;
    if (!inputs.some((owned) => owned.family === family && owned.name === name)) {
      const owners = inputs.filter((owned) => owned.name === name).map((owned) => owned.family);
      throw new TypeError(`checkProperty: ${name} belongs to the ${owners.join(' or ')} family, not ${family}: give family '${owners[0]}'`);
    }
    values[name] = path;
  }
  return values;
}
