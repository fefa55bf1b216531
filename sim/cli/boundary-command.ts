import { boundaryTable, boundaryVerdictLines } from '../../reports/boundary-table.js';
import { exitForVerdict } from './verdict-exit.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { displayPath } from '../results/run-folder.js';
import { defaultExpectations } from '../table/default-expectations.js';
import { executeBoundaryRun, type BoundaryExpectations } from './boundary-run.js';
import type { ExitCode } from './errors.js';
import { readBoundaryExpectations } from '../app/expectations.js';
import type { Io } from './io.js';

/**
 * `sim table --cuts all`: every boundary of each protocol, crashed after in
 * turn, judged as the classic table is: a protocol with no expected row that
 * must be right (one of the user's, a correct built-in) expects N=1 at every
 * boundary; a flawed built-in has no row per boundary and is measured only;
 * --expect gives rows instead, --measure-only judges nothing. Exit 1 when a
 * boundary differs or a case could not be judged.
 */
export async function boundaryTableRun(
  family: AnyFamily,
  protocols: readonly FamilyProtocol[],
  options: { expect?: string | undefined; measureOnly?: boolean | undefined; out: string },
  io: Io,
): Promise<ExitCode> {
  const { results, runFolder } = await executeBoundaryRun(
    family,
    protocols,
    boundaryExpectations(family, protocols, options, io.cwd),
    options.out,
    io.cwd,
  );
  io.stdout(
    [
      results.rows.map((row) => boundaryTable(row, results.intention)).join('\n\n'),
      '',
      ...boundaryVerdictLines(results),
      `run folder: ${displayPath(runFolder, io.cwd)}`,
    ].join('\n') + '\n',
  );
  return exitForVerdict(results.verdict);
}

function boundaryExpectations(
  family: AnyFamily,
  protocols: readonly FamilyProtocol[],
  options: { expect?: string | undefined; measureOnly?: boolean | undefined },
  cwd: string,
): BoundaryExpectations {
  if (options.measureOnly) return { rows: {}, defaultRows: [] };
  // The reference rows are per classic cut: none of them says what a boundary between two cuts must show.
  const right = defaultExpectations(family, protocols, { effects: {}, columns: {} }).defaultRows;
  const given = options.expect === undefined ? {} : readBoundaryExpectations(options.expect, protocols, cwd);
  return {
    rows: { ...Object.fromEntries(right.map((name) => [name, 1])), ...given },
    defaultRows: right.filter((name) => given[name] === undefined),
    expectFile: options.expect,
  };
}
