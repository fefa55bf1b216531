import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { TWO_WRITE_STEPS } from '../testing/two-write-plan.js';
import { stepOfCrash, writesByIntention } from '../testing/plan-case-files.js';

const folder = tempFolder('plan-writes-cli');
const root = join(import.meta.dirname, '..', '..');
const perAttempt = join(root, 'protocols', 'plan', 'examples', 'key-per-attempt.ts');
const EDIT_2 = 'edit-2:client/src/catalog/Region.tsx';
const COUNTED = `edit:client/src/catalog/Filters.tsx + ${EDIT_2} (the worst N of 2 planned writes)`;

interface StoredCell {
  protocol: string;
  effects: number | null;
  case: { cutFired: boolean; files: { folder: string; history: string; stores: Record<string, string> } };
}

describe('sim table --family plan on a plan with two write steps', () => {
  const plan = join(folder, 'two-writes.json');
  writeFileSync(plan, JSON.stringify(TWO_WRITE_STEPS));

  it("--crash-step edit-2: the header names every planned write, and a key per attempt's duplicate in the second step fails the table", async () => {
    const out = join(folder, 'runs');
    const run = await runCli(
      ['table', '--family', 'plan', '--plan', plan, '--crash-step', 'edit-2', '--protocol', perAttempt, '--out', out],
      folder,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toContain(`intention ${COUNTED}`);
    const [runId] = readdirSync(out);
    const path = join(out, runId as string);
    const results = JSON.parse(readFileSync(join(path, 'results.json'), 'utf8')) as { intention: string; cells: StoredCell[] };
    expect(results.intention).toBe(COUNTED);
    expect(results.cells.map((cell) => cell.effects)).toEqual([1, 2, 2, 2, 2, 1]);
    // The user's protocol file ran in a child per case: the crash step reached it, the crash fell in the plan's fourth step.
    const tool = results.cells[1] as StoredCell;
    expect(stepOfCrash(join(path, tool.case.files.history))).toBe(4);
    expect(writesByIntention(join(path, tool.case.files.stores['tool-server'] as string))[EDIT_2]).toBe(2);
  }, 180_000);

  it('a --crash-step that is no write step of the plan, or without --plan, is bad input in one line, nothing run', async () => {
    const out = join(folder, 'refused');
    const run = await runCli(['table', '--family', 'plan', '--plan', plan, '--crash-step', 'verify', '--out', out], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("sim: --crash-step 'verify' is no step of the plan that writes a file; one of edit, edit-2\n");
    expect(existsSync(out)).toBe(false);
    const alone = await runCli(['table', '--family', 'plan', '--crash-step', 'edit', '--out', out], folder);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe("sim: --crash-step names a write step of your plan (the seed's plan has one): give --plan too\n");
    expect(existsSync(out)).toBe(false);
  });
});
