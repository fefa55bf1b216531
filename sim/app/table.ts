import type { FamilyProtocol } from '../engine/family.js';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import { MEASURED_ONLY, type TableExpectations } from '../table/default-expectations.js';
import { resolveProtocols, type ResolvedProtocols } from './load-protocol.js';
import { inputRefusal, type InputRefusal } from '../families/index.js';
import { defaultTableProtocols, readTableWorkload, referenceExpectations, type TableWorkload } from './table-workload.js';

/** How a face says what is wrong with a family's own inputs to a table: `sim table`'s flags, or the library's options. */
export type TableWords = (refusal: InputRefusal, family: string) => string;

/**
 * The workload of a table on a user's own inputs, each checked once before
 * any run folder exists: inputs of another family and a model timeout
 * without its model are refused (in the face's words), files are read and
 * checked (one InputError sentence each).
 */
export async function tableWorkload(
  family: AnyFamily,
  inputs: Readonly<Record<string, unknown>>,
  cwd: string,
  words: TableWords,
): Promise<TableWorkload> {
  const refusal = inputRefusal('table', family.name, inputs);
  if (refusal) throw new InputError(words(refusal, family.name));
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
