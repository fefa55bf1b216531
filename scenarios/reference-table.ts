import { join } from 'node:path';
import { CLASSIC_CUTS } from '../protocols/cuts.js';
import type { Intention, Protocol } from '../protocols/types.js';
import { mapPool } from '../sim/process/pool.js';
import { runCase, type CaseResult, type CaseSpec } from '../sim/reservation/run-case.js';

/** The seed's intention: tenant `tenantA`, key `reserve42`, one spare part. */
export const REFERENCE_INTENTION: Intention = {
  tenant: 'tenantA',
  key: 'reserve42',
  params: { part: 'spare-part-7', qty: 1 },
};

/**
 * The reference result, held only to compare with: every cell printed is
 * measured from warehouse.db. Row = protocol, column = classic cut 0..4.
 */
export const EXPECTED_EFFECTS: Readonly<Record<string, readonly number[]>> = {
  'mark-first': [1, 0, 1, 1, 1],
  'outbox-no-dedup': [1, 1, 2, 2, 1],
  'outbox-dedup': [1, 1, 1, 1, 1],
};

export interface TableCell {
  protocol: string;
  cut: { index: number; name: string };
  /** Measured N for the reference intention; null when the case could not be judged. */
  effects: number | null;
  /** The expected N, when an expectation exists for this protocol. */
  expected: number | null;
  case: CaseResult;
}

export interface Mismatch {
  protocol: string;
  cut: { index: number; name: string };
  expected: number;
  measured: number | null;
}

export interface TableRun {
  cells: TableCell[];
  mismatches: Mismatch[];
}

export interface TableSpec {
  protocols: readonly Protocol[];
  cutIndexes: readonly number[];
  /** The run folder; each case gets `<protocol>/cut-<n>/` inside it. */
  runFolder: string;
  expected?: Readonly<Record<string, readonly number[]>>;
  onCase?: (cell: TableCell) => void;
  /** Runs one case: in-process `runCase` by default; kill mode runs each life in a child process. */
  runCase?: (spec: CaseSpec) => Promise<CaseResult>;
  /** At most this many cases at a time (default 1). Cases share nothing, each has its own folder and stores. */
  jobs?: number;
}

/** Runs every (protocol, cut) case of the table, each on its own fresh pair of stores. */
export async function runTable(spec: TableSpec): Promise<TableRun> {
  const expectations = spec.expected ?? EXPECTED_EFFECTS;
  const run = spec.runCase ?? runCase;
  const cases = spec.protocols.flatMap((protocol) =>
    spec.cutIndexes.map((index) => {
      const name = CLASSIC_CUTS[index];
      if (name === undefined) throw new RangeError(`no classic cut ${index}`);
      return { protocol, cut: { index, name } };
    }),
  );
  const cells = await mapPool(cases, spec.jobs ?? 1, async ({ protocol, cut }) => {
    const result = await run({
      protocol,
      intentions: [REFERENCE_INTENTION],
      folder: join(spec.runFolder, protocol.name, `cut-${cut.index}`),
      cut,
    });
    const measured = result.error ? null : (result.effects[`${REFERENCE_INTENTION.tenant}:${REFERENCE_INTENTION.key}`] ?? null);
    const cell: TableCell = {
      protocol: protocol.name,
      cut,
      effects: measured,
      expected: expectations[protocol.name]?.[cut.index] ?? null,
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
  return { cells, mismatches };
}
