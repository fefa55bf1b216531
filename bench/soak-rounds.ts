import { performance } from 'node:perf_hooks';
import { freshSeedChecks, newSeed, type FreshSeedCheck } from '../sim/check/fresh-seeds.js';
import { checkProperty, type PropertyCheck } from '../entry/index.js';
import { allPropertySuites } from '../sim/families/index.js';

/** One check at one seed, as the soak ran it. */
export interface SoakStep {
  check: FreshSeedCheck;
  seed: number;
  runs: number;
  result: PropertyCheck;
  timeMs: number;
}

/** What the soak covered in one family. */
export interface FamilyCoverage {
  family: string;
  /** Seeds at which every check of the family ran. */
  seeds: number;
  /** Runs generated, over every check (a failing check counts those up to its counterexample). */
  runs: number;
  checks: number;
  /** Checks with a counterexample (or that threw): each with its seed, to replay. */
  failures: SoakStep[];
  /** Per check run (property on protocol), the faults it must see that never fired at any of its seeds. */
  unfired: Map<string, string[]>;
}

export interface SoakOptions {
  /** Nothing new starts after this many ms; a check under way ends first. */
  durationMs: number;
  runs: number;
  /** Only these families (every family with properties when omitted). */
  families?: readonly string[];
  /** After each check, with every family's coverage so far (the same objects the soak returns). */
  onStep(step: SoakStep, elapsedMs: number, coverage: readonly FamilyCoverage[]): void;
}

/**
 * Fresh seeds over every family's correct and repaired protocols and all
 * their hold properties, until the time is up: each family goes through its
 * checks at one seed, then at the next. The family that has had the least
 * time so far runs next, so a slow family does not starve the others.
 */
export async function soak(options: SoakOptions): Promise<FamilyCoverage[]> {
  const started = performance.now();
  const suites = (await allPropertySuites()).filter((suite) => options.families?.includes(suite.family) ?? true);
  const families = suites.map((suite) => ({
    checks: freshSeedChecks(suite),
    seed: newSeed(),
    next: 0,
    spentMs: 0,
    coverage: { family: suite.family, seeds: 0, runs: 0, checks: 0, failures: [], unfired: new Map() } as FamilyCoverage,
  }));
  while (performance.now() - started < options.durationMs) {
    const family = families.reduce((least, candidate) => (candidate.spentMs < least.spentMs ? candidate : least));
    const check = family.checks[family.next]!;
    const stepStarted = performance.now();
    const result = await checkProperty({
      property: check.property,
      family: check.family,
      ...(check.given ? { protocol: check.protocol } : {}),
      runs: options.runs,
      seed: family.seed,
      store: check.store,
    });
    const step = { check, seed: family.seed, runs: options.runs, result, timeMs: performance.now() - stepStarted };
    family.spentMs += step.timeMs;
    family.coverage.checks++;
    family.coverage.runs += result.runs;
    if (result.outcome === 'failed') family.coverage.failures.push(step);
    // A fault one seed's runs missed is not a failure; one that no seed fired means the check proves little.
    const name = `${check.property} on ${check.protocol}`;
    const unfired = family.coverage.unfired.get(name) ?? result.mustFire;
    family.coverage.unfired.set(
      name,
      unfired.filter((kind) => (result.tally[kind] ?? 0) === 0),
    );
    family.next++;
    if (family.next === family.checks.length) {
      family.coverage.seeds++;
      family.next = 0;
      family.seed = newSeed();
    }
    options.onStep(
      step,
      performance.now() - started,
      families.map((f) => f.coverage),
    );
  }
  return families.map((family) => family.coverage);
}
