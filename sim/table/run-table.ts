import { join } from 'node:path';
import type { ExpectedTable, FamilyProtocol } from '../engine/family.js';
import { runCase, type AnyFamily, type CaseResult, type CaseSpec } from '../engine/run-case.js';
import { mapPool } from '../process/pool.js';
import { compareColumns, type ExpectedColumns } from './expected-columns.js';
import type { TableCell, TableRun } from '../results/table-run.js';

export type { Mismatch, TableCell, TableRun } from '../results/table-run.js';

export type { ExpectedTable };

export interface TableSpec {
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  cutIndexes: readonly number[];
  /** A user's workload (the plan family's --plan) instead of the family's table workload. */
  workload?: unknown;
  /** The run folder; each case gets `<protocol>/cut-<n>/` inside it. */
  runFolder: string;
  expected: ExpectedTable;
  /** Expected values of the family's other columns (tableColumns), by protocol and column header. */
  expectedColumns?: ExpectedColumns;
  /** Protocols whose rows are held to each column's bound (TableColumn.bound) where expectedColumns names no value. */
  boundedRows?: readonly string[];
  onCase?: (cell: TableCell) => void;
  /** Runs one case: in-process `runCase` by default; kill mode runs each life in a child process. */
  runCase?: (spec: CaseSpec) => Promise<CaseResult>;
  /** Protocol name → the user's module it came from: each life of its cases imports a fresh instance. */
  protocolFiles?: ReadonlyMap<string, string>;
  /** Extra fields for every case (a transport's client factory). */
  caseOptions?: Partial<CaseSpec>;
  /** At most this many cases at a time (default 1). Cases share nothing, each has its own folder and stores. */
  jobs?: number;
}

/** Runs every (protocol, cut) case of a family's table, each on its own fresh stores. */
export async function runTable(spec: TableSpec): Promise<TableRun> {
  const run = spec.runCase ?? runCase;
  const cases = spec.protocols.flatMap((protocol) =>
    spec.cutIndexes.map((index) => {
      const name = spec.family.cuts[index]?.name;
      if (name === undefined) throw new RangeError(`family ${spec.family.name} has no cut ${index}`);
      return { protocol, cut: { index, name } };
    }),
  );
  const cells = await mapPool(cases, spec.jobs ?? 1, async ({ protocol, cut }) => {
    const protocolFile = spec.protocolFiles?.get(protocol.name);
    const workload = spec.workload ?? spec.family.protocolWorkload?.(protocol);
    const result = await run({
      ...spec.caseOptions,
      family: spec.family,
      protocol,
      ...(protocolFile ? { protocolFile } : {}),
      ...(workload !== undefined ? { workload } : {}),
      folder: join(spec.runFolder, protocol.name, `cut-${cut.index}`),
      cut,
    });
    const measured = result.error
      ? null
      : spec.family.tableEffect
        ? spec.family.tableEffect(result.effects, workload ?? spec.family.tableWorkload)
        : (result.effects[cellIntention(spec.family, workload)] ?? null);
    const cell: TableCell = {
      protocol: protocol.name,
      cut,
      effects: measured,
      expected: spec.expected[protocol.name]?.[cut.index] ?? null,
      case: result,
    };
    spec.onCase?.(cell);
    return cell;
  });
  const mismatches = cells.flatMap((cell) =>
    cell.expected !== null && cell.effects !== cell.expected
      ? [{ protocol: cell.protocol, cut: cell.cut, expected: cell.expected, measured: cell.effects }]
      : [],
  );
  const measured = cells.map((cell) => ({
    protocol: cell.protocol,
    cut: cell.cut,
    metrics: cell.case.error ? null : cell.case.metrics,
  }));
  const columns = compareColumns(
    measured,
    spec.family.tableColumns ?? [],
    spec.expectedColumns ?? {},
    spec.family.cuts.length,
    spec.boundedRows,
  );
  const intentions = spec.protocols.map((protocol) => cellIntention(spec.family, spec.workload ?? spec.family.protocolWorkload?.(protocol)));
  return { intention: [...new Set(intentions)].join(', '), cells, mismatches, columns };
}

/** The intention whose N fills a cell: the family's, or the one a user's workload (given, or brought by the protocol) names. */
export function cellIntention(family: AnyFamily, workload: unknown): string {
  return workload === undefined ? family.tableIntention : (family.tableIntentionFor?.(workload) ?? family.tableIntention);
}
