import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import { createScratch, defaultScratchParent } from '../../sim/process/scratch.js';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { planFamily } from '../../sim/families/plan/plan-family.js';
import { runTable, type TableCell, type TableRun } from '../../sim/table/run-table.js';
import { EXPECTED_PLAN_TABLE } from './expected-table.js';

const protocols = PLAN_PROTOCOLS.map((entry) => entry.protocol).filter((protocol) => protocol.name in EXPECTED_PLAN_TABLE);
// Memory-backed when the machine has it: the checkpoint's fsyncs are real calls, without a disk's cost.
const scratch = createScratch(defaultScratchParent());
let table: TableRun;

beforeAll(async () => {
  // The generic table runner, through the Family value: each case arms the family's own crash point (during the edit step).
  table = await runTable({
    family: planFamily as unknown as AnyFamily,
    protocols,
    cutIndexes: planFamily.cuts.map((_, index) => index),
    runFolder: scratch.path,
    expected: EXPECTED_PLAN_TABLE,
  });
}, 60_000);
afterAll(() => scratch.remove());

/** N read back from the case's own tool-server.db, not from the run's in-memory outcome. */
function writesInFile(cell: TableCell): number {
  const db = new Database(cell.case.files.stores['tool-server'] as string, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM writes WHERE intention_id = ?').get(planFamily.tableIntention) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The crash event of the case's history, with the step the loop was in (its before-step hits so far in life 0). */
function crashInHistory(cell: TableCell): { op: string; stepsReached: number } | undefined {
  const events = readFileSync(cell.case.files.history, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; op: string; life: number });
  const index = events.findIndex((event) => event.type === 'crash');
  if (index === -1) return undefined;
  const stepsReached = events
    .slice(0, index)
    .filter((event) => event.type === 'cut' && event.op === 'before-step' && event.life === 0).length;
  return { op: events[index]?.op ?? '', stepsReached };
}

describe('plan table through the generic runner: the seed plan crashed during its edit step at each cut', () => {
  it('measures the table for the edit step of the seed plan, with no mismatch', () => {
    expect(table.intention).toBe('edit:client/src/catalog/Filters.tsx');
    expect(table.cells).toHaveLength(protocols.length * planFamily.cuts.length);
    expect(table.mismatches).toEqual([]);
  });

  for (const [protocol, row] of Object.entries(EXPECTED_PLAN_TABLE)) {
    planFamily.cuts.forEach((cut, column) => {
      it(`${protocol}: crash at ${cut.name} leaves ${row[column]} write(s) of the edited file`, () => {
        const cell = table.cells.find((candidate) => candidate.protocol === protocol && candidate.cut.name === cut.name);
        expect(cell).toBeDefined();
        if (!cell) return;
        // The fault fired where the cell says: in the first life, in the edit step (the second before-step), and recovery finished.
        expect(cell.case.error).toBeUndefined();
        expect(cell.case.cutFired).toBe(true);
        expect(crashInHistory(cell)).toEqual({ op: cut.name, stepsReached: 2 });
        expect(cell.case.end).toEqual({ kind: 'completed' });
        expect(writesInFile(cell)).toBe(row[column]);
        expect(cell.effects).toBe(row[column]);
        expect(cell.case.metrics['calls']).toBeLessThanOrEqual(cell.case.metrics['budget_calls'] ?? 0);
      });
    });
  }
});
