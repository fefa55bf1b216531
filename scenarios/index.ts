import type { AnySuite } from '../sim/check/suite.js';
import type { FamilyScenarios } from '../sim/suites.js';
import { EXPECTED_HANDOVER_COLUMNS, EXPECTED_TICKETS } from './handover/expected-table.js';
import { HANDOVER_CHECK_OPTIONS } from './handover/properties/options.js';
import { EXPECTED_PLAN_TABLE } from './plan/expected-table.js';
import { EXPECTED_EFFECTS } from './reservation/reference-table.js';

/**
 * What to run and what to expect, per family: its expected table, its
 * property suite and its sweeps. One entry per family; the entries in
 * entry/ hand this to the engine.
 */
export const SCENARIOS: Readonly<Record<string, FamilyScenarios>> = {
  reservation: {
    expectedTable: EXPECTED_EFFECTS,
    properties: async () => (await import('./reservation/properties/suite.js')).RESERVATION_SUITE as unknown as AnySuite,
    sweeps: async () => {
      const { runSweeps, sweepsTrialCount } = await import('./reservation/sweeps/run-sweeps.js');
      return { trialCount: sweepsTrialCount, run: runSweeps };
    },
  },
  plan: {
    expectedTable: EXPECTED_PLAN_TABLE,
    properties: async () => (await import('./plan/properties/suite.js')).PLAN_SUITE as unknown as AnySuite,
  },
  handover: {
    expectedTable: EXPECTED_TICKETS,
    expectedColumns: EXPECTED_HANDOVER_COLUMNS,
    properties: async () => (await import('./handover/properties/suite.js')).HANDOVER_SUITE as unknown as AnySuite,
    propertyOptions: HANDOVER_CHECK_OPTIONS,
    evalSuite: async () => (await import('./handover/eval/default-suite.js')).DEFAULT_SUITE_TEXT,
  },
};
