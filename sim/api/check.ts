import { withTypeErrors } from './type-errors.js';
import type { StoreKind } from '../check/suite.js';
import { familyInputs, inputFlag, propertySuite } from '../families/index.js';
import { familyOf, inputPath, type FamilyRef, type ProtocolRef } from './protocol-ref.js';
import { resolve } from 'node:path';
import { CHECK_PROPERTY_RUNS_DEFAULT, CHECK_PROPERTY_SEED_DEFAULT, checkRequest, type CheckWords } from '../app/check.js';
import { checkOneProperty, type PropertyCheck } from '../app/check-property.js';
import { checkSeed, checkWhole, describe } from './validate.js';
import { CHECK_WORKERS_MAX, RUNS_MAX } from '../engine/limits.js';

export interface CheckPropertyOptions {
  /** A property of the family, e.g. `dedup-safety` (see `npx sim check --list [--family F]`). */
  property: string;
  /** The family (default: the one the built-in protocol belongs to, or the one whose module you give, else reservation). */
  family?: FamilyRef;
  /** The protocol to check instead of the property's own: a built-in name, a path to your module, or a file URL. */
  protocol?: ProtocolRef;
  /** Generated runs (default 100). */
  runs?: number;
  /** fast-check seed (default 1, so a test is reproducible without being told one). */
  seed?: number;
  /** Most concurrent workers in a generated run (default as `sim check`; a family may take none). */
  workersMax?: number;
  /** memory: in-memory databases, serialized between lives (the default where the family takes it); file: fresh SQLite files per run (the default elsewhere). A counterexample is replayed into files either way. */
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

/** checkProperty's refusals of its options, in its option names. */
const CHECK_PROPERTY_WORDS: CheckWords = {
  workers: (problem) => `checkProperty: workersMax: ${problem.replace('--workers', 'workersMax')}`,
  store: (family, stores, given) =>
    `checkProperty: store (the ${family} family's runs) must be ${stores.map((v) => `'${v}'`).join(' or ')}; got ${describe(given)}`,
};

/**
 * Checks one property of a family with fast-check, on the property's own
 * protocol or on the one given; a counterexample is replayed into a run
 * folder so its stores and timeline are kept. The runs are cut into the
 * chunks `sim check` cuts them into (chunks.ts: 100 runs each, seeds derived
 * from the seed), run in order up to the first that fails, so the verdict is
 * the CLI's for the same seed and a replay line (with its chunk's seed)
 * reproduces with `npx sim check`.
 */
export function checkProperty(options: CheckPropertyOptions): Promise<PropertyCheck> {
  return withTypeErrors(() => checkPropertyUnchecked(options));
}

async function checkPropertyUnchecked(options: CheckPropertyOptions): Promise<PropertyCheck> {
  checkWhole('checkProperty', 'runs', options.runs, 1, RUNS_MAX);
  checkSeed('checkProperty', options.seed);
  checkWhole('checkProperty', 'workersMax', options.workersMax, 1, CHECK_WORKERS_MAX);
  const family = await familyOf(options.family, options.protocol === undefined ? [] : [options.protocol]);
  const suite = await propertySuite(family.name);
  if (!suite) throw new TypeError(`the ${family.name} family has no properties`);
  const definition = suite.properties.find((p) => p.name === options.property);
  if (!definition) throw new TypeError(`unknown property '${options.property}'; valid: ${suite.properties.map((p) => p.name).join(', ')}`);
  if (options.protocol !== undefined && definition.expect === 'find')
    throw new TypeError(
      `${definition.name} is a negative control on its own flawed protocol; check a protocol with a property that must hold`,
    );
  const familyOptions = familyOptionsOf(family.name, { policy: options.policy, graph: options.graph });
  const seed = options.seed ?? CHECK_PROPERTY_SEED_DEFAULT;
  // The same request `sim check` builds: bounds, store, the protocol checked, the family's own options through its suite.
  const request = await checkRequest(
    {
      family,
      suite,
      workers: options.workersMax,
      store: options.store,
      seed,
      protocol: options.protocol === undefined ? undefined : inputPath(options.protocol),
      familyOptions,
      cwd: process.cwd(),
      absolutePaths: true,
    },
    CHECK_PROPERTY_WORDS,
  );
  return checkOneProperty(request, definition, options.runs ?? CHECK_PROPERTY_RUNS_DEFAULT, resolve(options.out ?? 'runs'));
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
