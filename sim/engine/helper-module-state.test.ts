import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';

/**
 * A user's project outside cutpoint: a relay that remembers the keys it sent,
 * in a Set kept by a helper module of the user's own. A real crash forgets the
 * Set, so after a crash at effect-applied the key is sent again, and a
 * warehouse without receipts applies it twice (N=2). A harness that kept the
 * helper module alive across the crash would see N=1 at that cut, and a lost
 * effect in explorations whose earlier schedules filled the Set.
 */
const cwd = tempFolder('helper-module-state');
copyFileSync(join(process.cwd(), 'fixtures', 'misbehaving', 'base.ts'), join(cwd, 'base.ts'));
writeFileSync(join(cwd, 'memory.ts'), 'export const sentKeys = new Set<string>();\n');
writeFileSync(
  join(cwd, 'relay-memory.ts'),
  readFileSync(join(process.cwd(), 'fixtures', 'misbehaving', 'module-state.ts'), 'utf8')
    .replace('const sentKeys = new Set<string>();', "import { sentKeys } from './memory.js';")
    .replace("name: 'module-state'", "name: 'relay-memory'"),
);

const sim = (...argv: string[]) => spawnSimAsync([...argv, '--out', 'runs'], cwd);

describe("a crash forgets the state of the user's own modules that the protocol imports", () => {
  it('sim table: N=2 at effect-applied and response-observed, as a real crash gives, read from warehouse.db', async () => {
    const run = await sim('table', '-p', 'relay-memory.ts', '--measure-only', '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout) as { effects: Record<string, (number | null)[]>; runFolder: string; resultsFile: string };
    // Kill mode, where each life is a new process, measures this row for the same relay with its Set in the module itself.
    expect(shown.effects['relay-memory']).toEqual([1, 1, 2, 2, 1]);
    const results = JSON.parse(readFileSync(join(cwd, shown.resultsFile), 'utf8')) as { cells: { case: { cutFired: boolean } }[] };
    expect(results.cells.map((cell) => cell.case.cutFired)).toEqual([true, true, true, true, true]);
    for (const [cut, n] of [
      [1, 1],
      [2, 2],
      [3, 2],
    ] as const)
      expect(referenceEffectsOnDisk(join(cwd, shown.runFolder, 'relay-memory', `cut-${cut}`, 'warehouse.db')), `cut ${cut}`).toBe(n);
  }, 60_000);

  it('sim explore: the duplicate after one crash, and no effect lost without a crash, in every schedule', async () => {
    const run = await sim('explore', '--protocol', 'relay-memory.ts', '-w', '1', '-i', '1', '-d', '1', '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as { violations: { kind: string; shortest: { crashes: number } }[]; exhaustive: boolean };
    expect(document.exhaustive).toBe(true);
    expect(document.violations.map((group) => [group.kind, group.shortest.crashes])).toEqual([['duplicate', 1]]);
  }, 60_000);

  it('sim check: dedup-safety fails on the duplicate', async () => {
    const run = await sim('check', 'dedup-safety', '--protocol', 'relay-memory.ts', '--runs', '100', '--seed', '1', '--format', 'json');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      properties: { outcome: string; counterexample?: { violation: { kind: string; message: string }; crashes?: unknown } }[];
    };
    expect(document.properties.map((property) => property.outcome)).toEqual(['failed']);
    expect(document.properties[0]?.counterexample?.violation).toMatchObject({
      kind: 'duplicate',
      message: expect.stringMatching(/^N=2 for /),
    });
  }, 60_000);
});
