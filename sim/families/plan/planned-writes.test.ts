import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointAfterStep } from '../../../protocols/plan/checkpoint-after-step.js';
import keyPerAttempt from '../../../protocols/plan/examples/key-per-attempt.js';
import { SEED_PLAN } from '../../../protocols/plan/seed-plan.js';
import type { AnyFamily } from '../../engine/run-case.js';
import { InputError } from '../../engine/input-error.js';
import { createScratch, defaultScratchParent } from '../../process/scratch.js';
import { runTable, type TableCell, type TableRun } from '../../table/run-table.js';
import { planCases } from '../../testing/plan-case.js';
import { stepOfCrash as stepOfCrashIn, writesByIntention } from '../../testing/plan-case-files.js';
import { TWO_WRITE_STEPS } from '../../testing/two-write-plan.js';
import { judgePlan } from './checks.js';
import { crashDuringEditStep, crashStepIndex } from './edit-step.js';
import { planFamily } from './plan-family.js';
import { plannedWritesLabel, worstWrite } from './planned-writes.js';
import { CALM_TOOLS } from './tool-behaviour.js';
import type { PlanWorkload } from './workload.js';

/**
 * The table counts the user's whole plan: a cell is the worst N over every
 * planned write, one intention per step and file, so a duplicate in a second
 * write step is reported. Each count is read back from the case's tool-server.db.
 */
const EDIT = 'edit:client/src/catalog/Filters.tsx';
const EDIT_2 = 'edit-2:client/src/catalog/Region.tsx';
const workload: PlanWorkload = { plan: TWO_WRITE_STEPS, tools: CALM_TOOLS, crashStep: 'edit-2' };
const scratch = createScratch(defaultScratchParent());
let table: TableRun;

beforeAll(async () => {
  table = await runTable({
    family: planFamily as unknown as AnyFamily,
    protocols: [keyPerAttempt, checkpointAfterStep],
    cutIndexes: planFamily.cuts.map((_, index) => index),
    workload,
    runFolder: scratch.path,
    expected: { 'checkpoint-after-step': [1, 1, 1, 1, 1, 1], 'key-per-attempt': [1, 1, 1, 1, 1, 1] },
  });
}, 120_000);
afterAll(() => scratch.remove());

const writesInFile = (cell: TableCell) => writesByIntention(cell.case.files.stores['tool-server'] as string);
const stepOfCrash = (cell: TableCell) => stepOfCrashIn(cell.case.files.history);

describe('a plan with two write steps, crashed during the second', () => {
  it("the header names both planned writes, and the second step's duplicate is the cell and a mismatch", () => {
    expect(table.intention).toBe(`${EDIT} + ${EDIT_2} (the worst N of 2 planned writes)`);
    const cells = table.cells.filter((cell) => cell.protocol === 'key-per-attempt');
    expect(cells.every((cell) => cell.case.cutFired && cell.case.error === undefined && stepOfCrash(cell) === 4)).toBe(true);
    expect(cells.map(writesInFile)).toEqual([
      { [EDIT]: 1, [EDIT_2]: 1 },
      { [EDIT]: 1, [EDIT_2]: 2 },
      { [EDIT]: 1, [EDIT_2]: 2 },
      { [EDIT]: 1, [EDIT_2]: 2 },
      { [EDIT]: 1, [EDIT_2]: 2 },
      { [EDIT]: 1, [EDIT_2]: 1 },
    ]);
    expect(cells.map((cell) => cell.effects)).toEqual([1, 2, 2, 2, 2, 1]);
    expect(table.mismatches.map((mismatch) => [mismatch.protocol, mismatch.cut.name, mismatch.measured])).toEqual([
      ['key-per-attempt', 'tool-applied', 2],
      ['key-per-attempt', 'tool-replied', 2],
      ['key-per-attempt', 'gate-checked', 2],
      ['key-per-attempt', 'checkpoint-written', 2],
    ]);
  });

  it("the seed's loop writes each planned file once at every cut of the second write step", () => {
    const cells = table.cells.filter((cell) => cell.protocol === 'checkpoint-after-step');
    expect(cells.every((cell) => cell.case.cutFired && stepOfCrash(cell) === 4)).toBe(true);
    expect(cells.map(writesInFile)).toEqual(Array.from({ length: 6 }, () => ({ [EDIT]: 1, [EDIT_2]: 1 })));
    expect(cells.map((cell) => cell.effects)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('sim check and sim explore judge the same planned writes: the judge names the second step’s duplicate', async () => {
    const run = planCases('planned-writes');
    const outcome = await run(keyPerAttempt, { workload, plan: [crashDuringEditStep('tool-replied', TWO_WRITE_STEPS, 'edit-2')] });
    expect(outcome.crashes).toEqual([expect.objectContaining({ cut: 'tool-replied', life: 0 })]);
    expect(judgePlan(workload, outcome)).toEqual({ kind: 'duplicate', message: `${EDIT_2} written 2 times` });
  });
});

describe('what a cell counts', () => {
  it('the worst N over the planned writes: any duplicate, else any loss, else 1', () => {
    expect(worstWrite({ [EDIT]: 1, [EDIT_2]: 2 }, TWO_WRITE_STEPS)).toBe(2);
    expect(worstWrite({ [EDIT]: 0, [EDIT_2]: 1 }, TWO_WRITE_STEPS)).toBe(0);
    expect(worstWrite({ [EDIT]: 0, [EDIT_2]: 2 }, TWO_WRITE_STEPS)).toBe(2);
    // A planned write the tool server never saw is a loss, not a missing cell.
    expect(worstWrite({ [EDIT]: 1 }, TWO_WRITE_STEPS)).toBe(0);
    expect(worstWrite({ [EDIT]: 1, [EDIT_2]: 1 }, TWO_WRITE_STEPS)).toBe(1);
  });

  it("the seed's plan plans one write: its label is that intention alone", () => {
    expect(plannedWritesLabel(SEED_PLAN)).toBe(EDIT);
    expect(planFamily.tableIntention).toBe(EDIT);
  });

  it('a crash step that is no write step of the plan is one InputError naming the write steps', () => {
    expect(crashStepIndex(TWO_WRITE_STEPS, 'edit-2')).toBe(3);
    expect(() => crashStepIndex(TWO_WRITE_STEPS, 'verify')).toThrow(
      new InputError("--crash-step 'verify' is no step of the plan that writes a file; one of edit, edit-2"),
    );
  });
});
