import { join, resolve } from 'node:path';
import { DEFAULT_BOUNDS, type TrialBounds } from '../../scenarios/reservation/properties/arbitraries.js';
import {
  checkProperty as checkOneProperty,
  replayProperty,
  type PropertyResult,
  type StoreKind,
} from '../../scenarios/reservation/properties/check-property.js';
import { findProperty, propertyNames } from '../../scenarios/reservation/properties/definitions.js';
import { registerProtocol } from '../../protocols/reservation/registry.js';
import type { Protocol } from '../../protocols/reservation/types.js';
import { trialText } from '../../reports/property-summary.js';
import { timeline } from '../../reports/timeline.js';
import { createScratch, defaultScratchParent } from '../cli/scratch.js';
import { createRunFolder } from '../results/run-folder.js';
import { resolveProtocol, type ProtocolRef } from './protocol-ref.js';
import { shellWord } from './shell-word.js';

export interface CheckPropertyOptions {
  /** A reservation property that must hold, e.g. `dedup-safety` (see `npx sim check --list`). */
  property: string;
  /** The protocol to check instead of the property's own: a built-in name, a path to your module, or a file URL. */
  protocol?: ProtocolRef;
  /** Generated runs (default 100). */
  runs?: number;
  /** fast-check seed (default 1, so a test is reproducible without being told one). */
  seed?: number;
  /** Most relay workers in a generated run (default as `sim check`). */
  workersMax?: number;
  /** file (default): fresh SQLite files per run; memory: in-memory databases. */
  store?: StoreKind;
  /** Parent of the run folder where a counterexample's files are kept (default `runs`). */
  out?: string;
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
  /** Where the replayed run's orchestrator.db, warehouse.db and history.jsonl are kept. */
  folder: string;
}

/** A property's result as results.json holds it, and for a failure, its counterexample ready to print. */
export type PropertyCheck = PropertyResult & { failure?: Counterexample };

/**
 * Checks one reservation property with fast-check, on the property's own
 * protocol or on the one given; a counterexample is replayed into a run
 * folder so its stores and timeline are kept.
 */
export async function checkProperty(options: CheckPropertyOptions): Promise<PropertyCheck> {
  const definition = findProperty(options.property);
  if (!definition) throw new TypeError(`unknown property '${options.property}'; valid: ${propertyNames().join(', ')}`);
  const subject = options.protocol === undefined ? undefined : await resolveProtocol(options.protocol, 'reservation');
  if (subject && definition.expect === 'find')
    throw new TypeError(
      `${definition.name} is a negative control on its own flawed protocol; check a protocol with a property that must hold`,
    );
  // The trials find the protocol by name: a user's module is registered under its own.
  if (subject) registerProtocol(subject.protocol as Protocol, subject.file);
  const bounds: TrialBounds = { ...DEFAULT_BOUNDS, workersMax: options.workersMax ?? DEFAULT_BOUNDS.workersMax };
  const seed = options.seed ?? 1;
  const protocol = subject ? { protocol: subject.protocol.name } : {};
  const scratch = createScratch(defaultScratchParent());
  let result: PropertyResult;
  try {
    result = await checkOneProperty(definition, {
      runs: options.runs ?? 100,
      seed,
      bounds,
      store: options.store ?? 'file',
      scratch: scratch.path,
      ...protocol,
    });
  } finally {
    scratch.remove();
  }
  const ce = result.counterexample;
  if (!ce) return result;
  const folder = join(createRunFolder(resolve(options.out ?? 'runs')).path, definition.name);
  const replayed = await replayProperty(definition, { seed, path: ce.path, bounds, folder, ...protocol });
  const workers = bounds.workersMax === DEFAULT_BOUNDS.workersMax ? '' : ` --workers-max ${bounds.workersMax}`;
  const flag = subject ? ` --protocol ${shellWord(subject.shownAs)}` : '';
  const violation = ce.violation ?? replayed?.violation;
  return {
    ...result,
    failure: {
      replay: `npx sim check ${definition.name} --seed ${seed} --path ${shellWord(ce.path)}${workers}${flag}`,
      trial: trialText(ce.trial),
      timeline: replayed ? timeline(replayed.events) : '(the replay found no run at this path)',
      violation: violation ? `${violation.kind}: ${violation.message}` : 'the property threw',
      folder,
    },
  };
}
