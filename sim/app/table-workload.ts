import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { defaultExpectations, MEASURED_ONLY, type TableExpectations } from '../table/default-expectations.js';

/** The workload a table runs on, read and checked before any run folder exists. */
export interface TableWorkload {
  /** The user's workload; undefined for the family's own. */
  workload: unknown;
  /** On a user's own model or graph the seed's rows are not theirs: every cell is measured only. */
  measuredOnly: boolean;
  /** A module of the user's the workload calls, as the table names it: the file as given, and the name the module gives itself. */
  policy?: { file: string; name: string };
}

/**
 * A user's workload replaces the family's own, made by the family from its
 * own inputs (the plan family's plan file, the handover family's model or
 * graph; `inputs` by key, as parsed). Each file is loaded and checked there
 * (a problem is one InputError sentence); inputs of another family
 * (inputRefusal) are the caller's to have refused.
 */
export async function readTableWorkload(family: AnyFamily, inputs: Readonly<Record<string, unknown>>, cwd: string): Promise<TableWorkload> {
  const own = await family.ownTableWorkload?.(inputs, cwd);
  if (!own) return { workload: undefined, measuredOnly: false };
  return { workload: own.workload, measuredOnly: own.measuredOnly, ...(own.userModule ? { policy: own.userModule } : {}) };
}

/** The protocols a table runs when none are named: the seed rows, or on a measured-only workload every protocol of the family. */
export function defaultTableProtocols(family: AnyFamily, workload: TableWorkload): string[] {
  return workload.measuredOnly ? family.protocols.map((entry) => entry.protocol.name) : Object.keys(family.expectedTable);
}

/**
 * What the table expects of these protocols on this workload, before a user's
 * own expectations are laid over it: the reference rows on the family's own
 * workload, and N=1 everywhere for a protocol with no row that must be right
 * (defaultExpectations). The reference rows were measured on the family's
 * workload, so on a user's own workload only the default applies, and on a
 * measured-only one nothing is expected.
 */
export function referenceExpectations(family: AnyFamily, workload: TableWorkload, protocols: readonly FamilyProtocol[]): TableExpectations {
  if (workload.measuredOnly) return MEASURED_ONLY;
  const reference =
    workload.workload === undefined
      ? { effects: family.expectedTable, columns: family.expectedColumns ?? {} }
      : { effects: {}, columns: {} };
  return defaultExpectations(family, protocols, reference);
}
