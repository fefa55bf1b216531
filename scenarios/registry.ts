import type { ExpectedTable } from '../sim/table/run-table.js';
import { PROPERTY_DEFINITIONS } from './reservation/properties/definitions.js';
import { EXPECTED_PLAN_TABLE } from './plan/expected-table.js';
import { PLAN_PROPERTIES } from './plan/properties/definitions.js';
import { EXPECTED_TICKETS } from './handover/expected-table.js';
import { HANDOVER_PROPERTIES } from './handover/properties/definitions.js';
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

/** A property as `sim list` shows it. */
export interface PropertySummary {
  name: string;
  title: string;
  expect: 'hold' | 'find';
}

/** The properties `sim check` runs for each family, by family name. One line per family. */
export const PROPERTIES: Readonly<Record<string, readonly PropertySummary[]>> = {
  reservation: PROPERTY_DEFINITIONS,
  plan: PLAN_PROPERTIES,
  handover: HANDOVER_PROPERTIES,
};
