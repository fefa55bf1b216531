import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedFamilies } from '../families/loaded.js';
import { checkProperty } from '../api/check.js';
import { allPropertySuites } from '../families/index.js';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { checkLine, FRESH_SEED_VARIABLE, freshSeed, freshSeedChecks, type FreshSeedCheck } from './fresh-seeds.js';

const cwd = tempFolder('fresh-seeds');
const suites = await allPropertySuites();
const checks = suites.flatMap(freshSeedChecks);

/** The `sim check` words of a check's line, without `npx sim`: every word is plain, so no shell quoting to undo. */
function cliWords(check: FreshSeedCheck, runs: number, seed: number): string[] {
  return checkLine(check, runs, seed).split(' ').slice(2);
}

describe('freshSeedChecks', () => {
  it('covers every correct and repaired protocol of every family that has properties', async () => {
    const families = await installedFamilies();
    for (const suite of suites) {
      const family = families.find((f) => f.name === suite.family)!;
      const subjects = family.protocols.filter((entry) => entry.status !== 'flawed').map((entry) => entry.protocol.name);
      const checked = new Set(checks.filter((check) => check.family === suite.family).map((check) => check.protocol));
      expect([...checked].sort(), suite.family).toEqual([...subjects].sort());
    }
  });

  it('runs every hold property on its own protocol, and a repaired protocol only on hold properties of its family', () => {
    for (const suite of suites) {
      const holding = suite.properties.filter((p) => p.expect === 'hold');
      const own = checks.filter((check) => check.family === suite.family && !check.given);
      expect(own.map((check) => [check.property, check.protocol])).toEqual(holding.map((p) => [p.name, p.protocol]));
      for (const other of suite.alsoHold ?? []) for (const name of other.properties) expect(holding.map((p) => p.name)).toContain(name);
    }
  });
});

describe('freshSeed', () => {
  it('draws a seed fast-check takes, another on each call, unless the variable pins one', () => {
    const drawn = [freshSeed({}), freshSeed({}), freshSeed({ [FRESH_SEED_VARIABLE]: '' })];
    for (const seed of drawn) expect(Number.isSafeInteger(seed) && (seed as number) >= 0 && (seed as number) < 2 ** 31).toBe(true);
    expect(new Set(drawn).size).toBe(3);
    expect(freshSeed({ [FRESH_SEED_VARIABLE]: '1568624497' })).toBe(1568624497);
  });

  it('says what is wrong with a pinned value that is no seed', () => {
    for (const value of ['abc', '-1', '1.5', '4294967296'])
      expect(freshSeed({ [FRESH_SEED_VARIABLE]: value })).toBe(
        `${FRESH_SEED_VARIABLE} must be a seed, an integer from 0 to 4294967295; got '${value}'`,
      );
  });
});

describe('checkLine', () => {
  it('is the sim check command that runs the same trials as the library: the same tally, the same verdict', async () => {
    const check = checks.find((c) => c.property === 'refusals' && c.store === 'memory')!;
    expect(checkLine(check, 20, 77)).toBe('npx sim check --family reservation refusals --runs 20 --seed 77 --store memory');
    const library = await checkProperty({
      property: check.property,
      family: check.family,
      runs: 20,
      seed: 77,
      store: check.store,
      out: cwd,
    });
    const { code, stdout } = await runCli(cliWords(check, 20, 77), cwd);
    // Twenty runs need not fire every fault the property needs: unexercised exits 1, as the library's result says.
    expect(code).toBe(library.passed ? 0 : 1);
    const folder = join(cwd, stdout.trimEnd().split('\n').at(-1)!.replace('run folder: ', ''));
    const [property] = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')).properties;
    expect(property).toMatchObject({
      name: 'refusals',
      protocol: 'outbox-dedup',
      outcome: library.outcome,
      runs: 20,
      tally: library.tally,
    });
  });

  it('names a repaired protocol with --protocol, which sim check runs in place of the property’s own', async () => {
    const check = checks.find((c) => c.given && c.protocol === 'checkpoint-lease' && c.property === 'writes-once')!;
    expect(checkLine(check, 2, 5)).toBe('npx sim check --family plan writes-once --protocol checkpoint-lease --runs 2 --seed 5');
    const { stdout } = await runCli(cliWords(check, 2, 5), cwd);
    expect(stdout).toMatch(/^sim check: 1 property of the plan family on protocol checkpoint-lease, 2 runs each, seed 5/);
    // Held or unexercised (two runs need not fire every fault), never a counterexample.
    expect(stdout).toMatch(/^. writes-once +(held|UNEXERCISED) +2 runs /m);
  });
});
