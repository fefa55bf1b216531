import { join } from 'node:path';
import type { HandoverProtocol } from '../../protocols/handover/types.js';
import type { AnyFamily, CaseResult } from '../../sim/engine/run-case.js';
import { handoverFamily } from '../../sim/handover/family.js';
import type { HandoverWorkload } from '../../sim/handover/workload.js';
import { runTable } from '../../sim/table/run-table.js';
import { EXPECTED_HANDOVER_TABLE, type HandoverRow } from './expected-table.js';

export interface HandoverTableRow {
  protocol: string;
  cases: CaseResult[];
  measured: HandoverRow;
  expected: HandoverRow | undefined;
}

export interface HandoverTable {
  cuts: readonly string[];
  rows: HandoverTableRow[];
  /** Every cell that differs from its expectation, and every case that could not be judged. */
  problems: string[];
}

/** Reads one row from its five cases, each cell from the files of its own case. */
function measuredRow(cases: readonly CaseResult[], intention: string): HandoverRow {
  const metric = (name: string) => cases.map((result) => result.metrics[name] ?? 0);
  return {
    tickets: cases.map((result) => result.effects[intention] ?? 0),
    notices: metric(`notices:${intention}`),
    transfers: Math.max(...metric('transfersMax')),
    repliesWhileWithHuman: Math.max(...metric('repliesWhileWithHuman')),
    noticesBeforeTicket: Math.max(...metric(`noticesBeforeTicket:${intention}`)),
    unansweredAfterReturn: Math.max(...metric('unansweredAfterReturn')),
  };
}

function differences(protocol: string, cuts: readonly string[], measured: HandoverRow, expected: HandoverRow): string[] {
  const problems: string[] = [];
  for (const group of ['tickets', 'notices'] as const) {
    cuts.forEach((cut, index) => {
      if (measured[group][index] !== expected[group][index]) {
        problems.push(`${protocol} ${group} at ${cut}: expected ${expected[group][index]}, measured ${measured[group][index]}`);
      }
    });
  }
  for (const invariant of ['transfers', 'repliesWhileWithHuman', 'noticesBeforeTicket', 'unansweredAfterReturn'] as const) {
    if (measured[invariant] !== expected[invariant])
      problems.push(`${protocol} ${invariant}: expected ${expected[invariant]}, measured ${measured[invariant]}`);
  }
  return problems;
}

/**
 * The handover family's table: every protocol crashed at each of the five
 * cuts (the first hit in the first attempt; the table's conversation reaches
 * each cut first in the nurse's handover), every cell read from that case's
 * files, compared with the expected rows when there are any.
 */
export async function runHandoverTable(
  runFolder: string,
  protocols: readonly HandoverProtocol[] = handoverFamily.protocols.map((entry) => entry.protocol),
  workload?: HandoverWorkload,
): Promise<HandoverTable> {
  const cuts = handoverFamily.cuts.map((cut) => cut.name);
  const run = await runTable({
    family: handoverFamily as unknown as AnyFamily,
    protocols,
    cutIndexes: cuts.map((_, index) => index),
    runFolder,
    expected: {},
    ...(workload ? { caseOptions: { workload } } : {}),
  });
  const rows: HandoverTableRow[] = [];
  const problems: string[] = [];
  for (const protocol of protocols) {
    const cases = run.cells.filter((cell) => cell.protocol === protocol.name).map((cell) => cell.case);
    const measured = measuredRow(cases, handoverFamily.tableIntention);
    // The expected rows are the seed's case: a model or graph of the user's own is measured only.
    const expected = workload ? undefined : EXPECTED_HANDOVER_TABLE[protocol.name];
    for (const result of cases) if (result.error) problems.push(`${protocol.name} at ${result.cut?.name}: ${result.error}`);
    if (expected) problems.push(...differences(protocol.name, cuts, measured, expected));
    rows.push({ protocol: protocol.name, cases, measured, expected });
  }
  return { cuts, rows, problems };
}

/** Where the table puts a case: `<protocol>/cut-<n>/` in the run folder, as every family's table does. */
export function caseFolder(runFolder: string, protocol: string, cut: string): string {
  return join(runFolder, protocol, `cut-${handoverFamily.cuts.findIndex((candidate) => candidate.name === cut)}`);
}
