import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../../protocols/plan/catalogue.js';
import { protocolFromFile } from '../../engine/protocol-file.js';
import type { AnyFamily } from '../../engine/run-case.js';
import type { ExploreBounds } from '../../explore/controlled-run.js';
import { explore } from '../../explore/explore.js';
import { discoverBoundaries, runBoundaryRow } from '../../table/cut-discovery.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { planFamily } from './plan-family.js';

const family = planFamily as unknown as AnyFamily;
const folder = tempFolder('plan-found-cuts');
const fixture = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'plan', 'done-before-write.ts');
/** The edit step alone, one loop, one crash at any boundary found (each commit, each checkpoint write too). */
const EVERY_BOUNDARY: ExploreBounds = { workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'all' };

function protocol(name: string) {
  const found = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === name)?.protocol;
  if (!found) throw new Error(`no plan protocol ${name}`);
  return found;
}

describe('the plan world marks its own checkpoint writes as boundaries under --cuts all', () => {
  it("finds the JSON checkpoint's temporary file and its rename at the protocol's line, before each named checkpoint cut", async () => {
    const boundaries = await discoverBoundaries(family, protocol('checkpoint-after-step'), family.tableWorkload);
    const kinds = boundaries.map((boundary) => boundary.kind);
    const written = kinds.indexOf('checkpoint-written');
    expect(kinds.slice(written - 1, written + 3)).toEqual([
      'checkpoint-staged',
      'checkpoint-written',
      'checkpoint-renamed',
      'checkpoint-committed',
    ]);
    expect(boundaries[written - 1]?.site).toMatch(/^checkpoint-writes\.ts:\d+$/);
  });

  it("a user's loop with no cut of its own: explore --cuts all loses the edit by a crash right after its checkpoint's rename", async () => {
    const loop = await protocolFromFile(family, fixture, fixture);
    const result = await explore(family, loop, EVERY_BOUNDARY, { executionsMax: 500 });
    expect(result.exhaustive).toBe(true);
    const lost = result.violations.find((group) => group.kind === 'lost');
    expect(lost?.shortest.crashes).toBe(1);
    expect(lost?.shortest.message).toBe('edit:client/src/catalog/Filters.tsx: its step is done but the tool server holds 0 writes');
    expect(lost?.singleCrashCuts).toContainEqual(expect.stringMatching(/^checkpoint-renamed@done-before-write\.ts:\d+$/));
  });

  it.each(['checkpoint-after-step', 'checkpoint-lease'])(
    '%s holds at every boundary found: no violation in explore --cuts all',
    async (name) => {
      const explored = await explore(family, protocol(name), EVERY_BOUNDARY, { executionsMax: 2_000 });
      expect(explored.exhaustive).toBe(true);
      expect(explored.complete).toBeGreaterThan(20);
      expect(explored.violations).toEqual([]);
    },
    120_000,
  );

  // checkpoint-after-step's row is the CLI's test (sim/cli/table-plan-cuts-all.test.ts).
  it('checkpoint-lease (its checkpoint a row behind a lease) holds at every boundary found in the table: N=1 after a crash at each', async () => {
    const row = await runBoundaryRow(family, protocol('checkpoint-lease'), folder);
    expect(row.cells.length).toBeGreaterThan(40);
    for (const cell of row.cells) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.effects).toBe(1);
    }
  }, 120_000);
});
