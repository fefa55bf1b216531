import { HANDOVER_PROPERTIES } from './handover/properties/definitions.js';
import { PLAN_PROPERTIES } from './plan/properties/definitions.js';
import { PROPERTY_DEFINITIONS } from './reservation/properties/definitions.js';

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
