import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { ExpectedColumns } from './expected-columns.js';
import type { ExpectedTable } from './run-table.js';

/** What a table expects of its protocols: N per cut, the other columns' values, and which rows nobody gave. */
export interface TableExpectations {
  effects: ExpectedTable;
  columns: ExpectedColumns;
  /**
   * Protocols held to the default row because no expected row names them: N=1
   * at every cut, and (as every protocol with an N row) each column within its
   * bound. The verdict lines say so, and how to give a row instead.
   */
  defaultRows: string[];
}

/** Nothing expected: `--measure-only`, the library's `measureOnly`, a table on a user's policy or graph. */
export const MEASURED_ONLY: TableExpectations = { effects: {}, columns: {}, defaultRows: [] };

/**
 * The rows a table expects when nobody gave them: a protocol of the user's,
 * and a correct or repaired built-in, must give N=1 at every cut (a CI must
 * not read a duplicate as a pass); a flawed built-in exists to show its bug
 * and is expected only where a reference row says how it fails, so without
 * one it is measured only. `reference` rows win over the default.
 */
export function defaultExpectations(
  family: AnyFamily,
  protocols: readonly FamilyProtocol[],
  reference: { effects: ExpectedTable; columns: ExpectedColumns },
): TableExpectations {
  const right = protocols.filter((protocol) => {
    if (reference.effects[protocol.name] !== undefined) return false;
    const entry = family.protocols.find((candidate) => candidate.protocol.name === protocol.name);
    return entry === undefined || entry.status !== 'flawed';
  });
  return {
    effects: { ...Object.fromEntries(right.map((protocol) => [protocol.name, family.cuts.map(() => 1)])), ...reference.effects },
    columns: reference.columns,
    defaultRows: right.map((protocol) => protocol.name),
  };
}
