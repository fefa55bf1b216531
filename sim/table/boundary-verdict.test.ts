import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { protocolFromFile } from '../engine/protocol-file.js';
import { reservationFamily } from '../families/reservation/family.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { tempFolder } from '../testing/temp-folder.js';
import { boundaryRowMisfit, judgeBoundaryRows } from './boundary-verdict.js';
import { runBoundaryRow } from './cut-discovery.js';

const root = tempFolder('boundary-verdict');
const file = join(import.meta.dirname, '../testing/fixtures/outbox-without-receipt.mts');

describe('sim table --cuts all: each boundary judged against its expected N', () => {
  it('N=1 at every boundary fails the user outbox where the warehouse committed without a receipt, and only there', async () => {
    const protocol = await protocolFromFile(reservationFamily, file, file);
    const row = await runBoundaryRow(reservationFamily, protocol, root);
    const judged = judgeBoundaryRows([row], { 'my-outbox-without-receipt': 1 });
    expect(judged.verdict).toBe('fail');
    expect(judged.mismatches.map((m) => [m.boundary.name.split('@')[0], m.expected, m.measured])).toEqual([
      ['warehouse-commit', 1, 2],
      ['effect-applied', 1, 2],
      ['response-observed', 1, 2],
    ]);
    // The duplicate is in the warehouse file of the case the mismatch names.
    const first = row.cells.find((cell) => cell.boundary.number === judged.mismatches[0]!.boundary.number)!;
    expect(first.case.cutFired).toBe(true);
    expect(referenceEffectsOnDisk(first.case.files.stores['warehouse']!)).toBe(2);
    // Its measured row, given as the expectation, passes; a row of another length does not fit.
    const measured = row.cells.map((cell) => cell.effects ?? -1);
    expect(judgeBoundaryRows([row], { 'my-outbox-without-receipt': measured }).verdict).toBe('pass');
    expect(boundaryRowMisfit(row, [1, 1, 2, 2, 1])).toMatch(/has 5 numbers, but --cuts all found 8 boundaries/);
    expect(boundaryRowMisfit(row, 1)).toBeUndefined();
  }, 60_000);

  it('a row with no expectation is measured only: mark-first loses at two boundaries and passes', async () => {
    const row = await runBoundaryRow(reservationFamily, findProtocol('mark-first')!, root);
    expect(row.cells.filter((cell) => cell.effects === 0)).toHaveLength(2);
    expect(judgeBoundaryRows([row], {})).toEqual({ expected: {}, mismatches: [], verdict: 'pass' });
  });
});
