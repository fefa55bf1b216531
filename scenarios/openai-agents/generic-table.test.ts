import { describe, expect, it } from 'vitest';
import { refundOnApproval } from '../../protocols/openai-agents/refund-on-approval.js';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { openaiAgentsFamily } from '../../sim/families/openai-agents/family.js';
import { runBoundaryRow } from '../../sim/table/cut-discovery.js';
import { runTable } from '../../sim/table/run-table.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_REFUNDS, EXPECTED_TICKET_COLUMNS } from './expected-table.js';

const folder = tempFolder('openai-agents-generic');
const family = openaiAgentsFamily as unknown as AnyFamily;

describe('the openai-agents family as a Family value, through the generic table', () => {
  it('runTable measures the expected refunds and tickets of every example at every classic cut, each cut fired', async () => {
    const run = await runTable({
      family,
      protocols: openaiAgentsFamily.protocols.map((entry) => entry.protocol),
      cutIndexes: openaiAgentsFamily.cuts.map((_, index) => index),
      runFolder: `${folder}/table`,
      expected: EXPECTED_REFUNDS,
      expectedColumns: EXPECTED_TICKET_COLUMNS,
    });
    expect(run.cells.map((cell) => cell.case.error).filter(Boolean)).toEqual([]);
    expect(run.cells.every((cell) => cell.case.cutFired)).toBe(true);
    expect(run.mismatches).toEqual([]);
    expect(run.columns).toMatchObject({ compared: 16, mismatches: [] });
    expect(run.cells).toHaveLength(16);
  }, 120_000);

  it('--cuts all finds every save, the approval, both commits and lost replies and the handoff: the refund repeats from its commit until the state is saved after it', async () => {
    const row = await runBoundaryRow(family, refundOnApproval, `${folder}/all`);
    expect(row.error).toBeUndefined();
    expect(row.boundaries.map((boundary) => boundary.kind)).toEqual([
      'state-save',
      'state-saved',
      'approval-decided',
      'effects-commit',
      'effect-applied',
      'human-queue-commit',
      'ticket-opened',
      'handed-over',
      'state-save',
      'state-saved',
    ]);
    expect(row.cells.map((cell) => cell.case.error).filter(Boolean)).toEqual([]);
    expect(row.cells.map((cell) => cell.effects)).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 2, 1]);
  }, 120_000);
});
