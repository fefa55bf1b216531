import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { planFamily } from '../../sim/families/plan/plan-family.js';
import { createScratch, defaultScratchParent } from '../../sim/process/scratch.js';
import { runTable, type TableCell, type TableRun } from '../../sim/table/run-table.js';
import { writeKeys, writesByIntention } from '../../sim/testing/plan-case-files.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import keyFromPlanContent from './examples/key-from-plan-content.js';
import keyPerAttempt from './examples/key-per-attempt.js';
import { planHash } from './plan.js';
import { SEED_PLAN } from './seed-plan.js';

/**
 * The `key` seam: two loops that key their writes their own way, with no
 * patch of the tool client, on the seed's table. Every count and key is read
 * back from the case's tool-server.db.
 */
const scratch = createScratch(defaultScratchParent());
let table: TableRun;

beforeAll(async () => {
  table = await runTable({
    family: planFamily as unknown as AnyFamily,
    protocols: [keyPerAttempt, keyFromPlanContent, checkpointAfterStep],
    cutIndexes: planFamily.cuts.map((_, index) => index),
    runFolder: scratch.path,
    expected: {},
  });
}, 120_000);
afterAll(() => scratch.remove());

const EDIT = 'edit:client/src/catalog/Filters.tsx';
const toolServer = (cell: TableCell) => cell.case.files.stores['tool-server'] as string;
const writesOfEdit = (cell: TableCell) => writesByIntention(toolServer(cell))[EDIT] ?? 0;
const keysOf = (cell: TableCell) => writeKeys(toolServer(cell));
const row = (protocol: string) => table.cells.filter((cell) => cell.protocol === protocol);

describe('the key seam: a loop keys its calls its own way', () => {
  it('a key per attempt writes the edit twice wherever a crash comes after the write and before the step is committed', () => {
    const cells = row('key-per-attempt');
    expect(cells.every((cell) => cell.case.cutFired && cell.case.error === undefined)).toBe(true);
    expect(cells.map(writesOfEdit)).toEqual([1, 2, 2, 2, 2, 1]);
    // The seam made the keys: the redone step's write went out under its second attempt's key.
    expect(keysOf(cells[1] as TableCell)).toEqual([
      expect.stringMatching(/:edit:client\/src\/catalog\/Filters\.tsx:attempt-1$/),
      expect.stringMatching(/:edit:client\/src\/catalog\/Filters\.tsx:attempt-2$/),
    ]);
  });

  it("a key from the plan's content holds at every cut: each resend carries the same key and is replayed", () => {
    const cells = row('key-from-plan-content');
    expect(cells.every((cell) => cell.case.cutFired && cell.case.error === undefined)).toBe(true);
    expect(cells.map(writesOfEdit)).toEqual([1, 1, 1, 1, 1, 1]);
    const keys = keysOf(cells[1] as TableCell);
    expect(keys).toHaveLength(2);
    expect(new Set(keys)).toEqual(
      new Set([expect.stringMatching(new RegExp(`^${planHash(SEED_PLAN)}:edit:client/src/catalog/Filters\\.tsx:[0-9a-f]{16}$`))]),
    );
  });

  it("the seed's loop keeps its run:step:file key through the default seam", () => {
    const cells = row('checkpoint-after-step');
    expect(cells.map(writesOfEdit)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(keysOf(cells[1] as TableCell)).toEqual([
      expect.stringMatching(/^run-0-loop-1-\d+:edit:client\/src\/catalog\/Filters\.tsx$/),
      expect.stringMatching(/^run-0-loop-1-\d+:edit:client\/src\/catalog\/Filters\.tsx$/),
    ]);
  });
});
