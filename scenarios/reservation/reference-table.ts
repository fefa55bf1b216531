import type { ExpectedTable } from '../../sim/table/run-table.js';

/**
 * The reference result of seed 004, held only to compare with: every cell
 * printed is measured from warehouse.db. Row = protocol, column = classic cut 0..4.
 */
export const EXPECTED_EFFECTS: ExpectedTable = {
  'mark-first': [1, 0, 1, 1, 1],
  'outbox-no-dedup': [1, 1, 2, 2, 1],
  'outbox-dedup': [1, 1, 1, 1, 1],
};
