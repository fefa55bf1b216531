import { describe, expect, it } from 'vitest';
import { CLASSIC_CUTS } from '../../protocols/reservation/cuts.js';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { tempFolder } from '../testing/temp-folder.js';
import { discoverBoundaries, runBoundaryRow } from './cut-discovery.js';
import { reservationFamily, SEED_INTENTION as REFERENCE_INTENTION } from '../families/reservation/family.js';

const root = tempFolder('discovery');
const intentions = [REFERENCE_INTENTION];

describe('every cut, found', () => {
  it('finds the five classic cuts, in order, among the commits of outbox-dedup', async () => {
    const boundaries = await discoverBoundaries(reservationFamily, findProtocol('outbox-dedup')!, intentions);
    expect(boundaries.filter((b) => b.classic !== null).map((b) => b.kind)).toEqual([...CLASSIC_CUTS]);
    expect(boundaries.map((b) => b.kind)).toEqual([
      'before-intent',
      'orchestrator-commit',
      'intent-recorded',
      'orchestrator-commit',
      'warehouse-commit',
      'effect-applied',
      'response-observed',
      'orchestrator-commit',
      'confirmed',
    ]);
    for (const b of boundaries) expect(b.site).toMatch(/^[\w-]+\.(ts|js):\d+$/);
  });

  it.each([
    { protocol: 'outbox-dedup', gaps: [] as number[] },
    { protocol: 'receipt-then-effect', gaps: [0] },
    { protocol: 'effect-then-receipt', gaps: [2] },
    { protocol: 'lease-side-store', gaps: [2] },
  ])('$protocol: a crash after each boundary; the gaps between its own commits show as $gaps', async ({ protocol, gaps }) => {
    const row = await runBoundaryRow(reservationFamily, findProtocol(protocol)!, root);
    for (const cell of row.cells) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.case.error).toBeUndefined();
    }
    const wrong = row.cells.filter((cell) => cell.effects !== 1);
    expect(wrong.map((cell) => cell.effects)).toEqual(gaps);
    // A gap is a warehouse commit that is not the last one before the reply.
    for (const cell of wrong) expect(cell.boundary.kind).toBe('warehouse-commit');
  });

  it('outbox-delete-after-publish shows N=2 at the gap between settling and deleting, as at cuts 2 and 3', async () => {
    const row = await runBoundaryRow(reservationFamily, findProtocol('outbox-delete-after-publish')!, root);
    const twos = row.cells.filter((cell) => cell.effects === 2).map((cell) => cell.boundary.kind);
    expect(twos).toEqual(['warehouse-commit', 'effect-applied', 'response-observed', 'orchestrator-commit']);
  });
});
