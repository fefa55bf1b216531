import { join } from 'node:path';
import { parseHistory, type HistoryEvent } from '../engine/history.js';
import { InputError } from '../engine/input-error.js';
import { readTextFile } from '../results/read-text-file.js';
import type { StoredCell, TableResults } from '../results/table-results.js';
import { readExpectations } from './expectations.js';
import { chooseFamily, cutIndexes } from './family-choice.js';
import { resolveProtocols } from './load-protocol.js';
import { executeTableRun } from './table-run.js';
import type { TransportName } from './transport.js';

/** One case asked for by `sim run`: one protocol, one cut. */
export interface RunCaseRequest {
  family?: string | undefined;
  protocol: readonly string[];
  cut: readonly string[];
  out: string;
  expect?: string | undefined;
  lifeTimeoutMs?: number | undefined;
  checkDeterminism: boolean;
  transport: TransportName;
}

export interface RanCase {
  results: TableResults;
  cell: StoredCell;
  runFolder: string;
  /** The case's history.jsonl, read back from its file. */
  events: HistoryEvent[];
}

/**
 * Runs one protocol crashed at one cut, judged against the reference row or
 * the --expect file, through the table's own path (one cell), and reads its
 * history back from the run folder.
 */
export async function runOneCase(request: RunCaseRequest, cwd: string): Promise<RanCase> {
  const family = await chooseFamily(request.family, request.protocol, cwd);
  const reference = family.expectedTable;
  const { protocols, files: protocolFiles } = await resolveProtocols(family, [...request.protocol], cwd);
  const [protocol] = protocols;
  if (!protocol) throw new InputError('--protocol names no protocol');
  const expected = request.expect ? readExpectations(request.expect, { effects: reference }, family, [protocol], cwd).effects : reference;
  const { results, runFolder } = await executeTableRun({
    family,
    protocols: [protocol],
    protocolFiles,
    lifeTimeoutMs: request.lifeTimeoutMs,
    checkDeterminism: request.checkDeterminism,
    cutIndexes: cutIndexes(family, request.cut),
    outDir: request.out,
    cwd,
    expected,
    expectFile: request.expect,
    transport: request.transport,
  });
  const cell = results.cells[0];
  if (!cell) throw new Error('a one-case run produced no cell');
  const historyPath = join(runFolder, cell.case.files.history);
  return { results, cell, runFolder, events: parseHistory(readTextFile(historyPath), historyPath) };
}
