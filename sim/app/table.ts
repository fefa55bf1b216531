import type { FamilyProtocol } from '../engine/family.js';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import { MEASURED_ONLY, type TableExpectations } from '../table/default-expectations.js';
import { resolveProtocols, type ResolvedProtocols } from './load-protocol.js';
import {
  defaultTableProtocols,
  readTableWorkload,
  referenceExpectations,
  tableInputsRefusal,
  type TableInputs,
  type TableWorkload,
} from './table-workload.js';

/** How a face names a user's own table inputs in its refusals: `sim table`'s flags, or the library's options. */
export interface TableWords {
  /** A plan file given to a family that takes none. */
  planElsewhere(family: string): string;
  /** A policy or graph given to another family than the one that takes them. */
  handoverElsewhere(family: string): string;
  /** A model timeout without the model it times. */
  timeoutWithoutPolicy: string;
}

/**
 * The workload of a table on a user's own inputs, each checked once before
 * any run folder exists: inputs of another family and a model timeout
 * without its model are refused (in the face's words), files are read and
 * checked (one InputError sentence each).
 */
export async function tableWorkload(family: AnyFamily, inputs: TableInputs, cwd: string, words: TableWords): Promise<TableWorkload> {
  const refusal = tableInputsRefusal(family, inputs);
  if (refusal === 'plan') throw new InputError(words.planElsewhere(family.name));
  if (refusal === 'handover') throw new InputError(words.handoverElsewhere(family.name));
  if (inputs.modelTimeoutMs !== undefined && inputs.policy === undefined) throw new InputError(words.timeoutWithoutPolicy);
  return readTableWorkload(family, inputs, cwd);
}

/** The protocols of a table, as named (built-ins or paths from `cwd`), or the family's default rows on this workload. */
export function tableProtocols(
  family: AnyFamily,
  workload: TableWorkload,
  named: readonly string[] | undefined,
  cwd: string,
): Promise<ResolvedProtocols> {
  return resolveProtocols(family, named ?? defaultTableProtocols(family, workload), cwd);
}

/** What the table expects before a user's own expectations are laid over it: nothing with measure-only, else the reference. */
export function tableReference(
  family: AnyFamily,
  workload: TableWorkload,
  protocols: readonly FamilyProtocol[],
  measureOnly: boolean | undefined,
): TableExpectations {
  return measureOnly ? MEASURED_ONLY : referenceExpectations(family, workload, protocols);
}
