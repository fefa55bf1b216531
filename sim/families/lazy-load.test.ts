import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_BIN } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';
import { DEFAULT_FAMILY, FAMILY_ENTRIES } from './index.js';

const folder = tempFolder('lazy-load');
const LOG_MODULES = join(import.meta.dirname, '..', 'testing', 'fixtures', 'log-modules.mjs');

/** The modules `sim <argv>` resolved in its own process, as paths from the built tree or node_modules. */
function modulesOf(name: string, argv: readonly string[]): { code: number | null; modules: string[] } {
  const log = join(folder, `${name}.log`);
  const run = spawnSync(process.execPath, ['--import', LOG_MODULES, SIM_BIN, ...argv, '--out', join(folder, name)], {
    cwd: folder,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CUTPOINT_TEST_MODULE_LOG: log },
  });
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .map((url) => url.replace(/^file:\/\/.*?\/(dist|node_modules)\//, '$1/'));
  return { code: run.status, modules };
}

describe('a command that runs one family loads only that family', () => {
  it('sim table (the default family) loads its family and neither another family nor fast-check', () => {
    const run = modulesOf('table', ['table', '--cut', '0', '--measure-only', '-j', '1']);
    expect(run.code).toBe(0);
    expect(run.modules).toContain(`dist/sim/families/${DEFAULT_FAMILY}/family.js`);
    const others = FAMILY_ENTRIES.filter((other) => other.name !== DEFAULT_FAMILY).map((other) => other.name);
    // Of another family, only its entry and the constants its help names load: the model's and the judge's timeout
    // bounds, and the packages a framework family needs installed (its peers).
    const light = new Set(['entry.js', 'model-call-timeout.js', 'judge-timeout.js', 'peers.js']);
    const heavy = run.modules.filter((path) =>
      others.some((name) => (path.includes(`/families/${name}/`) && !light.has(path.split('/').at(-1)!)) || path.includes(`dist/protocols/${name}/`)),
    );
    expect(heavy).toEqual([]);
    expect(run.modules.filter((path) => path.includes('node_modules/fast-check/'))).toEqual([]);
  }, 90_000);

  it('sim check --list of another family does load that family and fast-check: the log sees what is loaded', () => {
    const other = FAMILY_ENTRIES.find((entry) => entry.name !== DEFAULT_FAMILY)!;
    const run = modulesOf('check', ['check', '--family', other.name, '--list']);
    expect(run.code).toBe(0);
    expect(run.modules.some((path) => path.includes('node_modules/fast-check/'))).toBe(true);
    expect(run.modules.some((path) => path.includes(`dist/protocols/${other.name}/`))).toBe(true);
  }, 90_000);
});
