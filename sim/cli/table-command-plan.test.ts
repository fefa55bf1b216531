import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { protocolFromFile } from '../engine/protocol-file.js';
import { runCase, type AnyFamily } from '../engine/run-case.js';
import { planFamily } from '../families/plan/plan-family.js';
import { MY_PLAN } from '../testing/user-plan.js';

const folder = tempFolder('plan-cli');
const root = join(import.meta.dirname, '..', '..');
const family = planFamily as unknown as AnyFamily;

interface StoredResults {
  family: string;
  crashMode: string;
  intention: string;
  verdict: string;
  cells: {
    protocol: string;
    cut: { name: string };
    effects: number | null;
    case: { cutFired: boolean; error?: string; metrics: Record<string, number>; files: { folder: string; history: string } };
  }[];
}

function onlyRun(out: string): { path: string; results: StoredResults } {
  const [runId] = readdirSync(out);
  const path = join(out, runId as string);
  return { path, results: JSON.parse(readFileSync(join(path, 'results.json'), 'utf8')) as StoredResults };
}

function row(results: StoredResults, protocol: string): (number | null)[] {
  return results.cells.filter((cell) => cell.protocol === protocol).map((cell) => cell.effects);
}

describe('sim table --family plan, through the generic table', () => {
  it('a plan file that fails the schema is bad input: exit 2, its first schema error in one line, nothing written', async () => {
    const plan = join(folder, 'bad-plan.json');
    writeFileSync(plan, JSON.stringify({ ...MY_PLAN, budget_calls: 'forty' }));
    const out = join(folder, 'bad-runs');
    const run = await runCli(['table', '--family', 'plan', '--plan', plan, '--out', out], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`sim: ${plan}: /budget_calls must be integer\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('--plan without the plan family, and an unknown plan protocol, are bad input in one line', async () => {
    const plan = await runCli(['table', '--plan', 'x.json', '--out', join(folder, 'runs')], folder);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toBe('sim: --plan belongs to the plan family: add --family plan\n');
    const run = await runCli(['table', '--family', 'plan', '--protocol', 'nope', '--out', join(folder, 'runs')], folder);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("unknown protocol 'nope'");
  });

  it('the seed table: N with calls per cut and the budget beside it, every cut fired during the edit step', async () => {
    const out = join(folder, 'seed-runs');
    const run = await runCli(
      ['table', '--family', 'plan', '--protocol', 'checkpoint-after-step', 'tool-without-key', 'mark-done-first', '--out', out],
      folder,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('calls0');
    expect(run.stdout).toMatch(/\| budget \|/);
    // Every row is held to the plan's budget too: 18 calls values, each within budget_calls.
    expect(run.stdout).toContain('18/18 expected cells match the reference table, and 18/18 values of the other columns.');
    const { results } = onlyRun(out);
    expect(results.intention).toBe('edit:client/src/catalog/Filters.tsx');
    expect(row(results, 'checkpoint-after-step')).toEqual([1, 1, 1, 1, 1, 1]);
    expect(row(results, 'tool-without-key')).toEqual([1, 2, 2, 2, 2, 1]);
    expect(row(results, 'mark-done-first')).toEqual([1, 1, 1, 1, 1, 0]);
    for (const cell of results.cells) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.case.metrics['calls']).toBeLessThanOrEqual(40);
    }
  }, 60_000);

  it("a user's plan file and own plan-loop protocol: each case isolated, checked for determinism, N=1 at every cut", async () => {
    const plan = join(folder, 'my-plan.json');
    writeFileSync(plan, JSON.stringify(MY_PLAN));
    const out = join(folder, 'own-runs');
    const own = join(root, 'protocols', 'plan', 'examples', 'my-plan-loop.ts');
    const run = await runCli(
      ['table', '--family', 'plan', '--plan', plan, '--protocol', own, 'tool-without-key', '--format', 'json', '--chart', '--out', out],
      folder,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout) as { intention: string; effects: Record<string, number[]>; verdict: string; charts: string[] };
    expect(shown.intention).toBe('change:src/Table.tsx + change:src/columns.ts (the worst N of 2 planned writes)');
    expect(shown.effects['my-plan-loop']).toEqual([1, 1, 1, 1, 1, 1]);
    // The flawed protocol is shown, not judged, on a user's plan: its lost replies still write twice.
    expect(shown.effects['tool-without-key']).toEqual([1, 2, 2, 2, 2, 1]);
    expect(shown.verdict).toBe('pass');
    const { path, results } = onlyRun(out);
    expect(results.cells.every((cell) => cell.case.cutFired && cell.case.error === undefined)).toBe(true);
    const history = readFileSync(join(path, 'my-plan-loop', 'cut-1', 'history.jsonl'), 'utf8');
    expect(history).toContain('"type":"crash","op":"tool-applied"');
    expect(existsSync(join(path, 'my-plan-loop', 'cut-1', 'tool-server.db'))).toBe(true);
    // The chart's numbers: bounded with the summary, growing without it, as measured from each run's checkpoint.
    expect(shown.charts).toEqual([expect.stringMatching(/context-growth\.png$/)]);
    expect(readFileSync(join(path, 'context-growth.png')).subarray(1, 4).toString()).toBe('PNG');
    const growth = JSON.parse(readFileSync(join(path, 'context-growth.json'), 'utf8')) as {
      series: { protocol: string; points: { steps: number; peakChars: number }[] }[];
    };
    const peaks = (protocol: string) =>
      growth.series.find((line) => line.protocol === protocol)?.points.map((point) => point.peakChars) ?? [];
    expect(new Set(peaks('checkpoint-after-step').slice(3)).size).toBe(1);
    expect(Math.max(...peaks('checkpoint-after-step'))).toBeLessThanOrEqual(200 + 5 * 200);
    expect(peaks('no-summary').at(-1)).toBeGreaterThan(5 * (peaks('checkpoint-after-step').at(-1) ?? 0));
  }, 120_000);
});

describe('a plan loop that keeps module state: a fresh instance per life, in-process and in kill mode alike', () => {
  const fixture = join(root, 'sim', 'testing', 'fixtures', 'plan', 'remembers-runs.ts');

  it("the same cells in-process (isolated) and under SIGKILL, the correct loop's, while one shared instance loses the write", async () => {
    const out = join(folder, 'module-state-runs');
    const run = await runCli(
      // Cut 0, before the step's write: the one cell where a life that saw the crashed one's module state would lose it.
      ['table', '--family', 'plan', '--protocol', fixture, '--cut', '0', '--crash-mode', 'both', '--format', 'json', '--out', out],
      folder,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout) as {
      effects: Record<'in-process' | 'kill', Record<string, number[]>>;
      agreeing: number;
      compared: number;
      differences: unknown[];
    };
    expect(shown.effects['in-process']['remembers-runs']).toEqual([1]);
    expect(shown.effects.kill['remembers-runs']).toEqual([1]);
    expect(shown.differences).toEqual([]);
    expect(shown.agreeing).toBe(1);
    // The control: the same module loaded once and shared by both lives does nothing in recovery, so the crash before the write loses it.
    const shared = await protocolFromFile(family, fixture, fixture);
    const lost = await runCase({ family, protocol: shared, cut: { index: 0, name: 'before-step' }, folder: join(folder, 'shared') });
    expect(lost.cutFired).toBe(true);
    expect(lost.effects['edit:client/src/catalog/Filters.tsx']).toBe(0);
  }, 180_000);
});

// Every cell of the plan family in kill mode, against in-process, is judged by scenarios/plan/kill-mode.test.ts: here, one
// cell through `sim table`, the one whose files show what a SIGKILL between the write and the rename leaves.
describe('sim table --family plan --crash-mode kill', () => {
  it('SIGKILL at checkpoint-written leaves the temporary file, which recovery finds beside a whole checkpoint and replaces', async () => {
    const out = join(folder, 'kill-runs');
    const run = await runCli(
      ['table', '--family', 'plan', '--protocol', 'checkpoint-after-step', '--cut', '4', '--crash-mode', 'kill', '--out', out],
      folder,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('crash kill');
    const { path, results } = onlyRun(out);
    expect(results.crashMode).toBe('kill');
    expect(row(results, 'checkpoint-after-step')).toEqual([1]);
    expect(results.cells[0]!.cut).toMatchObject({ index: 4, name: 'checkpoint-written' });
    const written = join(path, 'checkpoint-after-step', 'cut-4');
    const recovery = readFileSync(join(written, 'history.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"op":"checkpoint-at-start"') && line.includes('"life":1'))
      .map((line) => JSON.parse(line) as { value: { readable: boolean; leftovers: string[] } });
    expect(recovery).toEqual([
      expect.objectContaining({ value: expect.objectContaining({ readable: true, leftovers: ['checkpoint.json.loop-1.tmp'] }) }),
    ]);
    expect(readdirSync(written).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(join(written, 'checkpoint.json'))).toBe(true);
  }, 180_000);
});
