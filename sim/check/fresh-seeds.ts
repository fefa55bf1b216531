import { randomInt } from 'node:crypto';
import { shellWord } from '../results/shell-quote.js';
import type { AnySuite, StoreKind } from './suite.js';

/**
 * What runs on fresh seeds (`npm test`, `npm run soak`): every hold property
 * of a family on its own protocol (the family's correct or repaired one), and
 * on the other built-in protocols its suite says must hold it too. The same
 * `sim check` runs them; this only says which, and how to run one again.
 */
export interface FreshSeedCheck {
  family: string;
  property: string;
  protocol: string;
  /** The protocol is not the property's own, so it is named with `--protocol`. */
  given: boolean;
  /** In-memory databases where the family offers them: the same histories as files, at a fraction of the cost. */
  store: StoreKind;
}

/** The environment variable that pins the fresh seed, to run again the seed a log printed. */
export const FRESH_SEED_VARIABLE = 'CUTPOINT_FRESH_SEED';

export function freshSeedChecks(suite: AnySuite): FreshSeedCheck[] {
  const store: StoreKind = suite.stores.includes('memory') ? 'memory' : 'file';
  const checks: FreshSeedCheck[] = [];
  for (const property of suite.properties.filter((p) => p.expect === 'hold'))
    checks.push({ family: suite.family, property: property.name, protocol: property.protocol, given: false, store });
  for (const other of suite.alsoHold ?? [])
    for (const property of other.properties) checks.push({ family: suite.family, property, protocol: other.protocol, given: true, store });
  return checks;
}

/**
 * A seed from the operating system's random source: a seed that changes on
 * every run is the point here (a fixed one checks the same trials forever).
 */
export function newSeed(): number {
  return randomInt(0, 2 ** 31);
}

/** A new seed, or the one the variable pins; an error sentence for a pinned value that is no seed. */
export function freshSeed(env: Readonly<Record<string, string | undefined>>): number | string {
  const pinned = env[FRESH_SEED_VARIABLE];
  if (pinned === undefined || pinned === '') return newSeed();
  const seed = Number(pinned);
  if (!/^\d+$/.test(pinned.trim()) || !Number.isSafeInteger(seed) || seed > 2 ** 32 - 1)
    return `${FRESH_SEED_VARIABLE} must be a seed, an integer from 0 to ${2 ** 32 - 1}; got '${pinned}'`;
  return seed;
}

/** The `sim check` command that runs this check again with the same seed and runs: the same trials, the same verdict. */
export function checkLine(check: FreshSeedCheck, runs: number, seed: number): string {
  const words = ['npx', 'sim', 'check', '--family', check.family, check.property];
  if (check.given) words.push('--protocol', check.protocol);
  words.push('--runs', String(runs), '--seed', String(seed));
  if (check.store !== 'file') words.push('--store', check.store);
  return words.map(shellWord).join(' ');
}
