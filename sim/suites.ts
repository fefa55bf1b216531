import type { AnySuite, SuiteOption } from './check/suite.js';
import type { MeasuredSweeps } from './results/sweeps-results.js';
import type { ExpectedColumns } from './table/expected-columns.js';
import type { ExpectedTable } from './table/run-table.js';

/** The reservation sweeps `sim check --report` measures and draws (retention, concurrency), as a family provides them. */
export interface SweepRunner {
  trialCount(trialsPerPoint: number): number;
  run(options: { seed: number; trialsPerPoint: number; onTrial?: () => void }): Promise<MeasuredSweeps>;
}

/**
 * What a family's scenarios/ folder gives the engine: the table it expects,
 * its properties and its sweeps. Loaders, so that `sim table` does not load
 * fast-check and every property definition.
 */
export interface FamilyScenarios {
  expectedTable: ExpectedTable;
  /** What the family's other columns (its tableColumns) must show, by protocol and column header; absent: measured only. */
  expectedColumns?: ExpectedColumns;
  properties?: () => Promise<AnySuite>;
  /** Its suite's own options (the suite's `options`), known without loading the suite: `sim check` declares them before it parses. */
  propertyOptions?: readonly SuiteOption[];
  sweeps?: () => Promise<SweepRunner>;
  /** The default suite of `sim eval <family>`, as JSON Lines. */
  evalSuite?: () => Promise<string>;
}

let registered: Readonly<Record<string, FamilyScenarios>> | undefined;

/**
 * Called once by whoever starts cutpoint (the `sim` bin, the library's
 * entries, a test): sim/ never imports scenarios/, so the scenarios are
 * handed in. A second call replaces the first.
 */
export function registerScenarios(scenarios: Readonly<Record<string, FamilyScenarios>>): void {
  registered = scenarios;
}

/** A family's scenarios; none registered at all is cutpoint's own bug (an entry forgot to register them). */
export function scenariosOf(family: string): FamilyScenarios {
  if (!registered) throw new Error('no scenarios registered: an entry point must call registerScenarios first (see entry/)');
  return registered[family] ?? { expectedTable: {} };
}

export function expectedTable(family: string): ExpectedTable {
  return scenariosOf(family).expectedTable;
}

export function expectedColumns(family: string): ExpectedColumns {
  return scenariosOf(family).expectedColumns ?? {};
}

/** A family's property suite, or undefined when it has none. */
export async function propertySuite(family: string): Promise<AnySuite | undefined> {
  return scenariosOf(family).properties?.();
}

/** Every registered family's own property options, by family, in the registry's order, without loading a suite. */
export function allPropertyOptions(): { family: string; option: SuiteOption }[] {
  if (!registered) throw new Error('no scenarios registered: an entry point must call registerScenarios first (see entry/)');
  return Object.entries(registered).flatMap(([family, scenarios]) => (scenarios.propertyOptions ?? []).map((option) => ({ family, option })));
}

/** Every registered family's property suite, in the registry's order. */
export async function allPropertySuites(): Promise<AnySuite[]> {
  if (!registered) throw new Error('no scenarios registered: an entry point must call registerScenarios first (see entry/)');
  const suites = await Promise.all(Object.values(registered).map((scenarios) => scenarios.properties?.()));
  return suites.filter((suite): suite is AnySuite => suite !== undefined);
}

/** A family's default evaluation suite (JSON Lines), or undefined when it has none. */
export async function defaultEvalSuite(family: string): Promise<string | undefined> {
  return scenariosOf(family).evalSuite?.();
}
