import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_CUTS } from '../../protocols/reservation/cuts.js';
import { FLAWED_PROTOCOLS, findProtocol } from '../../protocols/reservation/registry.js';
import { explore } from '../../sim/explore/explore.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { CATALOGUE } from './catalogue.js';
import { runTable } from '../../sim/table/run-table.js';
import { exploreIntentions, reservationFamily } from '../../sim/families/reservation/family.js';
import { intentionId } from '../../protocols/reservation/types.js';
import type { CatalogueEntry } from './catalogue.js';

/** The family as the entry's row and exploration see it: led by the entry's own intention when it names one. */
function familyFor(entry: CatalogueEntry): typeof reservationFamily {
  const { workload } = entry;
  if (workload) {
    const table = workload(entry.finds.intentions);
    return { ...reservationFamily, tableWorkload: table, tableIntention: intentionId(table[0]!), exploreWorkload: workload };
  }
  const lead = entry.intention;
  if (!lead) return reservationFamily;
  return {
    ...reservationFamily,
    tableWorkload: [lead],
    tableIntention: intentionId(lead),
    exploreWorkload: (count) => [lead, ...exploreIntentions(count - 1)],
  };
}

const root = tempFolder('catalogue');

describe('the catalogue of failure modes', () => {
  it('has an entry for every flawed protocol', () => {
    expect(CATALOGUE.map((entry) => entry.protocol).sort()).toEqual(FLAWED_PROTOCOLS.map((p) => p.name).sort());
  });

  it.each(CATALOGUE.map((entry) => ({ name: entry.protocol, entry })))('$name: its table row, measured', async ({ entry }) => {
    const run = await runTable({
      family: familyFor(entry),
      protocols: [findProtocol(entry.protocol)!],
      cutIndexes: CLASSIC_CUTS.map((_, i) => i),
      runFolder: join(root, entry.protocol),
      expected: {},
    });
    expect(run.cells.map((cell) => cell.effects)).toEqual(entry.classicRow);
    // Every cut fires, except where the row says the run never gets there (null).
    for (const [i, cell] of run.cells.entries()) expect(cell.case.cutFired).toBe(entry.classicRow[i] !== null);
  });

  it.each(CATALOGUE.map((entry) => ({ name: entry.protocol, entry })))(
    '$name: exploring every boundary finds its bug, of the expected kind',
    async ({ entry }) => {
      const { kind, crashes, ...bounds } = entry.finds;
      const result = await explore(
        familyFor(entry),
        findProtocol(entry.protocol)!,
        { ...bounds, retentionMs: null, cuts: 'all' },
        { executionsMax: 20_000 },
      );
      expect(result.exhaustive).toBe(true);
      expect(result.violations.map((v) => [v.kind, v.shortest.crashes])).toEqual([[kind, crashes]]);
    },
    // Explored states are remembered per subtree since the explorer can be sharded, so some rows run more executions.
    120_000,
  );

  it('the repaired async sender has no violation where async-accept loses its effects', async () => {
    const result = await explore(
      reservationFamily,
      findProtocol('async-accept-reconciled')!,
      { workers: 1, intentions: 2, crashDepth: 1, retentionMs: null, cuts: 'all' },
      { executionsMax: 20_000 },
    );
    expect(result).toMatchObject({ exhaustive: true, violations: [] });
  });
});
