import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('plan-cuts-all');
const root = join(import.meta.dirname, '..', '..');
const EDIT = 'edit:client/src/catalog/Filters.tsx';

interface StoredBoundaryCell {
  boundary: { number: number; name: string; kind: string };
  effects: number | null;
  case: { cutFired: boolean; error?: string; files: { folder: string; stores: Record<string, string>; history: string } };
}

interface StoredBoundaryResults {
  kind: string;
  verdict: string;
  rows: { protocol: string; cells: StoredBoundaryCell[] }[];
}

function onlyRun(out: string): { path: string; results: StoredBoundaryResults } {
  const [runId] = readdirSync(out);
  const path = join(out, runId as string);
  return { path, results: JSON.parse(readFileSync(join(path, 'results.json'), 'utf8')) as StoredBoundaryResults };
}

/** N read back from the case's own tool-server.db, with a connection of the test's own. */
function writesIn(runFolder: string, cell: StoredBoundaryCell): number {
  const db = new Database(join(runFolder, cell.case.files.stores['tool-server'] as string), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM writes WHERE intention_id = ?').get(EDIT) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('sim table --family plan --cuts all', () => {
  it('checkpoint-after-step: a table with every boundary found (the checkpoint file written and renamed among them), N=1 at each, exit 0', async () => {
    const out = join(folder, 'correct');
    const run = await runCli(['table', '--family', 'plan', '--cuts', 'all', '-p', 'checkpoint-after-step', '--out', out], folder);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^checkpoint-after-step: \d+ boundaries found in a fault-free run/);
    const { path, results } = onlyRun(out);
    expect(results.verdict).toBe('pass');
    const [row] = results.rows;
    const kinds = new Set(row?.cells.map((cell) => cell.boundary.kind));
    for (const kind of ['checkpoint-staged', 'checkpoint-renamed', 'checkpoint-written', 'checkpoint-committed', 'tool-server-commit'])
      expect(kinds).toContain(kind);
    for (const cell of row?.cells ?? []) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.effects).toBe(1);
    }
    const renamed = row?.cells.find((cell) => cell.boundary.kind === 'checkpoint-renamed') as StoredBoundaryCell;
    expect(writesIn(path, renamed)).toBe(1);
  }, 120_000);

  it("a user's loop that records a step done before its write, with no cut of its own: N=0 after its checkpoint's rename", async () => {
    const out = join(folder, 'done-before-write');
    const fixture = join(root, 'fixtures', 'plan', 'done-before-write.ts');
    const run = await runCli(['table', '--family', 'plan', '--cuts', 'all', '-p', fixture, '--out', out], folder);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/checkpoint-renamed at done-before-write\.ts:\d+ {2}<- lost/);
    // A protocol file is expected right (N=1 at every boundary): the lost write fails the table.
    expect(run.code).toBe(1);
    const { path, results } = onlyRun(out);
    expect(results.verdict).toBe('fail');
    const cells = results.rows[0]?.cells ?? [];
    const lost = cells.filter((cell) => cell.effects === 0);
    // The crash right after the rename that marks the edit done, before the write is sent: the boundary this loop never names.
    const afterRename = lost.find((cell) => cell.boundary.kind === 'checkpoint-renamed') as StoredBoundaryCell;
    expect(afterRename.case.cutFired).toBe(true);
    expect(afterRename.boundary.name).toMatch(/^checkpoint-renamed@done-before-write\.ts:\d+$/);
    expect(writesIn(path, afterRename)).toBe(0);
    expect(readFileSync(join(path, afterRename.case.files.history), 'utf8')).toContain(
      `"type":"crash","op":"${afterRename.boundary.name}"`,
    );
    // Its checkpoint, read back from the case folder: the edit step done, its file never written.
    const checkpoint = JSON.parse(readFileSync(join(path, afterRename.case.files.folder, 'checkpoint.json'), 'utf8')) as {
      steps: { id: string; status: string }[];
    };
    expect(checkpoint.steps.find((step) => step.id === 'edit')?.status).toBe('done');
  }, 120_000);
});
