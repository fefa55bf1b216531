import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import { planFamily } from '../../sim/plan/plan-family.js';
import { SEED_WORKLOAD } from '../../sim/plan/workload.js';
import { createScratch, defaultScratchParent } from '../../sim/cli/scratch.js';
import { EXPECTED_PLAN_TABLE } from './expected-table.js';
import { measurePlanTable, type PlanCell } from './plan-table.js';

const protocols = PLAN_PROTOCOLS.map((entry) => entry.protocol).filter((protocol) => protocol.name in EXPECTED_PLAN_TABLE);
// Memory-backed when the machine has it: the checkpoint's fsyncs are real calls, without a disk's cost.
const scratch = createScratch(defaultScratchParent());
let cells: PlanCell[] = [];

beforeAll(async () => {
  cells = await measurePlanTable(protocols, SEED_WORKLOAD, scratch.path);
}, 60_000);
afterAll(() => scratch.remove());

/** N read back from the case's own tool-server.db, not from the run's in-memory outcome. */
function writesInFile(cell: PlanCell): number {
  const db = new Database(join(cell.folder, 'tool-server.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM writes WHERE intention_id = ?').get(planFamily.tableIntention) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('plan table: the seed plan crashed during its edit step at each cut', () => {
  for (const [protocol, row] of Object.entries(EXPECTED_PLAN_TABLE)) {
    planFamily.cuts.forEach((cut, column) => {
      it(`${protocol}: crash at ${cut.name} leaves ${row[column]} write(s) of the edited file`, () => {
        const cell = cells.find((candidate) => candidate.protocol === protocol && candidate.cut === cut.name);
        expect(cell).toBeDefined();
        if (!cell) return;
        // The fault fired where the cell says, in the first life, and the recovery finished the plan.
        expect(cell.crash).toMatchObject({ cut: cut.name, life: 0 });
        expect(readFileSync(join(cell.folder, 'history.jsonl'), 'utf8')).toContain(`"type":"crash","op":"${cut.name}"`);
        expect(cell.end).toEqual({ kind: 'completed' });
        expect(writesInFile(cell)).toBe(row[column]);
        expect(cell.n).toBe(row[column]);
        expect(cell.calls).toBeLessThanOrEqual(cell.budget);
      });
    });
  }
});
