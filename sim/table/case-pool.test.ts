import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_EFFECTS } from '../../scenarios/reservation/reference-table.js';
import { runCase } from '../engine/run-case.js';
import { reservationFamily } from '../families/reservation/family.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { tempFolder } from '../testing/temp-folder.js';
import { startCasePool } from './case-pool.js';
import { runTable, type TableRun } from './run-table.js';

const scratch = tempFolder('case-pool');
const protocols = Object.keys(EXPECTED_EFFECTS).map((name) => reservationFamily.protocols.find((e) => e.protocol.name === name)!.protocol);
const cutIndexes = reservationFamily.cuts.map((_, index) => index);

/** A table's cells as results.json holds them, minus wall times, with its run folder written as RUN. */
function cellsOf(run: TableRun, folder: string): unknown {
  return JSON.parse(
    JSON.stringify(run.cells.map(({ case: { timingsMs: _ms, ...result }, ...cell }) => ({ ...cell, case: result }))).replaceAll(
      folder,
      'RUN',
    ),
  );
}

describe('sim table runs its cases concurrently, one per core', () => {
  it('in a worker thread beside this one: the same cells and byte-identical histories as one case at a time', async () => {
    const sequentialFolder = join(scratch, 'one');
    const pooledFolder = join(scratch, 'two');
    const table = { family: reservationFamily, protocols, cutIndexes, expected: EXPECTED_EFFECTS };
    const sequential = await runTable({ ...table, runFolder: sequentialFolder, jobs: 1 });
    const pool = startCasePool(1, runCase);
    // The thread loads its modules first: wait until it has taken a case, so that both slots are really used.
    let pooled: TableRun | undefined;
    try {
      for (let attempt = 0; attempt < 20 && pool.inThreads() === 0; attempt++) {
        pooled = await runTable({ ...table, runFolder: join(pooledFolder, String(attempt)), jobs: pool.jobs, runCase: pool.runCase });
      }
    } finally {
      await pool.close();
    }
    expect(pool.inThreads()).toBeGreaterThan(0);
    expect(sequential.mismatches).toEqual([]);
    if (!pooled) throw new Error('no pooled table ran');
    expect(pooled.mismatches).toEqual([]);
    const pooledFolderUsed = join(pooledFolder, String(pooled.cells[0]!.case.files.folder.split('/').at(-3)));
    expect(cellsOf(pooled, pooledFolderUsed)).toEqual(cellsOf(sequential, sequentialFolder));
    for (const [index, cell] of sequential.cells.entries()) {
      const other = pooled.cells[index]!;
      // Each case's fault fired, and N read back from its own warehouse.db is the reference table's.
      expect([cell.case.cutFired, other.case.cutFired]).toEqual([true, true]);
      expect(referenceEffectsOnDisk(other.case.files.stores.warehouse!)).toBe(EXPECTED_EFFECTS[cell.protocol]![cell.cut.index]);
      expect(readFileSync(other.case.files.history, 'utf8')).toBe(readFileSync(cell.case.files.history, 'utf8'));
    }
  }, 120_000);
});
