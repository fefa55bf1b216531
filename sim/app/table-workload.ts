import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { expectedColumns, expectedTable } from '../suites.js';
import { defaultExpectations, MEASURED_ONLY, type TableExpectations } from '../table/default-expectations.js';

/** A user's own inputs to a table, as given (paths from `cwd`): `sim table --plan/--policy/--graph`, or the library's options. */
export interface TableInputs {
  plan?: string | undefined;
  policy?: string | undefined;
  graph?: string | undefined;
  /** With a policy: the wall time one of its calls may take (`--model-timeout-ms`). */
  modelTimeoutMs?: number | undefined;
}

/** The workload a table runs on, read and checked before any run folder exists. */
export interface TableWorkload {
  /** The user's workload; undefined for the family's own. */
  workload: unknown;
  /** On a user's policy or graph the seed's rows are not theirs: every cell is measured only. */
  measuredOnly: boolean;
  /** The --policy as the table names it: the file as given, and the name its module gives itself. */
  policy?: { file: string; name: string };
}

/**
 * Which family the inputs belong to when it is not this one (a plan file to
 * the plan family, a policy or graph to the handover family), or undefined
 * when they fit. Shared by `sim table` and `runTable`, so both refuse the same
 * inputs, each in the words of its own options.
 */
export function tableInputsRefusal(family: AnyFamily, inputs: TableInputs): 'plan' | 'handover' | undefined {
  if (inputs.plan !== undefined && !family.readTableWorkload) return 'plan';
  if ((inputs.policy || inputs.graph) && family.name !== 'handover') return 'handover';
  return undefined;
}

/**
 * A user's workload replaces the family's own: the plan family's plan file, or
 * the handover table on a user's own model or graph. Each file is loaded and
 * checked here (a problem is one InputError sentence); refused inputs
 * (tableInputsRefusal) are the caller's to have refused.
 */
export async function readTableWorkload(family: AnyFamily, inputs: TableInputs, cwd: string): Promise<TableWorkload> {
  const workload =
    inputs.plan !== undefined
      ? family.readTableWorkload?.(inputs.plan, cwd)
      : family.name === 'handover'
        ? await (await import('../families/handover/own-workload.js')).ownHandoverWorkload(inputs, cwd)
        : undefined;
  const policy = inputs.policy === undefined ? {} : { policy: await policyOfTable(inputs.policy, cwd) };
  return { workload, measuredOnly: workload !== undefined && inputs.plan === undefined, ...policy };
}

/** The protocols a table runs when none are named: the seed rows, or on a user's policy or graph every protocol of the family. */
export function defaultTableProtocols(family: AnyFamily, workload: TableWorkload): string[] {
  return workload.measuredOnly ? family.protocols.map((entry) => entry.protocol.name) : Object.keys(expectedTable(family.name));
}

/**
 * What the table expects of these protocols on this workload, before a user's
 * own expectations are laid over it: the reference rows on the family's own
 * workload, and N=1 everywhere for a protocol with no row that must be right
 * (defaultExpectations). The reference rows were measured on the family's
 * workload, so on a user's plan only the default applies; on a user's policy
 * or graph nothing is expected.
 */
export function referenceExpectations(family: AnyFamily, workload: TableWorkload, protocols: readonly FamilyProtocol[]): TableExpectations {
  if (workload.measuredOnly) return MEASURED_ONLY;
  const reference =
    workload.workload === undefined
      ? { effects: expectedTable(family.name), columns: expectedColumns(family.name) }
      : { effects: {}, columns: {} };
  return defaultExpectations(family, protocols, reference);
}

async function policyOfTable(file: string, cwd: string): Promise<{ file: string; name: string }> {
  const { loadPolicyModule } = await import('../families/handover/policy-module.js');
  return { file, name: (await loadPolicyModule(file, cwd)).name };
}
