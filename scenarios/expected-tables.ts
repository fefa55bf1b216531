import type { ExpectedTable } from '../sim/table/run-table.js';
import { EXPECTED_PLAN_TABLE } from './plan/expected-table.js';
import { EXPECTED_TICKETS } from './handover/expected-table.js';
import { EXPECTED_EFFECTS } from './reservation/reference-table.js';

/**
 * What each family's table is expected to show, by family name: the
 * reference results the measured cells are compared with. One line per family.
 */
export const EXPECTED_TABLES: Readonly<Record<string, ExpectedTable>> = {
  reservation: EXPECTED_EFFECTS,
  plan: EXPECTED_PLAN_TABLE,
  handover: EXPECTED_TICKETS,
};

export function expectedTable(family: string): ExpectedTable {
  return EXPECTED_TABLES[family] ?? {};
}
