import type { ExpectedTable } from '../sim/table/run-table.js';
import { EXPECTED_PLAN_TABLE } from './plan/expected-table.js';
import type { ExpectedColumns } from '../sim/table/expected-columns.js';
import { EXPECTED_HANDOVER_COLUMNS, EXPECTED_TICKETS } from './handover/expected-table.js';
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

/** What each family's other columns (its tableColumns) are expected to show, by family name; a family without any is absent. */
export const EXPECTED_COLUMN_TABLES: Readonly<Record<string, ExpectedColumns>> = {
  handover: EXPECTED_HANDOVER_COLUMNS,
};

export function expectedColumns(family: string): ExpectedColumns {
  return EXPECTED_COLUMN_TABLES[family] ?? {};
}
