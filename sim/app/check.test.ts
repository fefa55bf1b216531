import Database from 'better-sqlite3';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnySuite } from '../check/suite.js';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import { loadFamily, propertySuite } from '../families/index.js';
import { tempFolder } from '../testing/temp-folder.js';
import { checkRequest, type CheckInput, type CheckWords } from './check.js';
import { checkOneProperty } from './check-property.js';

const cwd = tempFolder('app-check');
const WORDS: CheckWords = {
  workers: (problem) => `workers: ${problem}`,
  store: (family, stores, given) => `store ${given}: ${family} takes ${stores.join(', ')}`,
};

async function reservation(): Promise<{ family: AnyFamily; suite: AnySuite }> {
  const family = (await loadFamily('reservation')) as AnyFamily;
  return { family, suite: (await propertySuite('reservation'))! };
}

async function request(changed: Partial<CheckInput>) {
  return checkRequest({ ...(await reservation()), seed: 1, familyOptions: {}, cwd, absolutePaths: false, ...changed }, WORDS);
}

/** Intentions with more than one reservation in a warehouse file, read with the test's own connection. */
function duplicatedIntentions(warehouse: string): number {
  const db = new Database(warehouse, { readonly: true });
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM (SELECT tenant, request_key FROM reservations GROUP BY tenant, request_key HAVING COUNT(*) > 1)')
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe('the check request: options checked once, the replay options derived once, for both faces', () => {
  it("the options a replay repeats: workers off the default, a store off the family's, the out folder, the protocol as given", async () => {
    const built = await request({ workers: 3, store: 'file', out: 'elsewhere', protocol: 'outbox-dedup' });
    expect(built.replayOptions).toEqual([
      ['--workers', '3'],
      ['--store', 'file'],
      ['--out', 'elsewhere'],
      ['--protocol', 'outbox-dedup'],
    ]);
    expect(built.store).toBe('file');
    expect((await request({ store: 'memory' })).replayOptions).toEqual([]);
    expect(built.protocol?.protocol.name).toBe('outbox-dedup');
    expect((await request({})).replayOptions).toEqual([]);
  });

  it("a protocol file is named as given by the CLI and by its absolute path for the library's caller", async () => {
    const file = 'sim/testing/fixtures/outbox-without-receipt.mts';
    const relativeCwd = resolve('.');
    const given = await request({ protocol: file, cwd: relativeCwd });
    expect(given.replayOptions).toEqual([['--protocol', file]]);
    expect(given.protocol?.file).toBe(resolve(file));
    const absolute = await request({ protocol: file, cwd: relativeCwd, absolutePaths: true });
    expect(absolute.replayOptions).toEqual([['--protocol', resolve(file)]]);
  });

  it("workers and a store the family does not take are refused in the face's words", async () => {
    const plan = { family: (await loadFamily('plan')) as AnyFamily, suite: (await propertySuite('plan'))! };
    await expect(request({ ...plan, workers: 2 })).rejects.toThrow(
      new InputError('workers: the plan family takes no --workers: each property says how many loops share its plan'),
    );
    await expect(request({ ...plan, store: 'memory' })).rejects.toThrow(new InputError('store memory: plan takes file'));
  });
});

describe('one property checked in process: the verdict, and a counterexample kept on disk', () => {
  it('a negative control finds its duplicate, and the replayed run keeps a warehouse with an intention reserved twice', async () => {
    const built = await request({});
    const definition = built.suite.properties.find((property) => property.name === 'control-no-dedup')!;
    const result = await checkOneProperty(built, definition, 100, join(cwd, 'runs'));
    expect(result.outcome).toBe('found');
    expect(result.passed).toBe(true);
    expect(result.failure?.replay).toMatch(/^npx sim check .*control-no-dedup .*--seed -?\d+ --path \S+/);
    expect(result.failure?.violation).toMatch(/^duplicate: /);
    expect(duplicatedIntentions(join(result.failure!.folder, 'warehouse.db'))).toBeGreaterThan(0);
  }, 120_000);

  it('a property that must hold holds on its correct protocol: no counterexample, no run folder', async () => {
    const built = await request({});
    const definition = built.suite.properties.find((property) => property.name === 'dedup-safety')!;
    const result = await checkOneProperty(built, definition, 50, join(cwd, 'never'));
    expect(result.outcome).toBe('held');
    expect(result.failure).toBeUndefined();
  }, 120_000);
});
