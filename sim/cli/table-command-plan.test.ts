import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('plan-cli');
const root = join(import.meta.dirname, '..', '..');

/** A user's plan: one search, one edit of two files, one check; a budget of its own. */
const MY_PLAN = {
  goal: 'add a region column',
  budget_calls: 25,
  steps: [
    { id: 'find', action: 'search_components', args: { query: 'table' }, gate: 'results > 0' },
    { id: 'change', action: 'edit', files: ['src/Table.tsx', 'src/columns.ts'], gate: 'npm run build' },
    { id: 'check', action: 'verify', gate: 'npx tsc --noEmit' },
  ],
};

describe('sim table --family plan', () => {
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

  it('an unknown plan protocol is bad input in one line', async () => {
    const run = await runCli(['table', '--family', 'plan', '--protocol', 'nope', '--out', join(folder, 'runs')], folder);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("unknown protocol 'nope'");
  });

  it("a user's plan file and own plan-loop protocol run: N=1 at every cut, read back from each case's files", async () => {
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
    const shown = JSON.parse(run.stdout) as { intention: string; effects: Record<string, number[]>; verdict: string; chart: string };
    expect(shown.chart).toMatch(/context-growth\.png$/);
    expect(shown.intention).toBe('change:src/Table.tsx');
    expect(shown.effects['my-plan-loop']).toEqual([1, 1, 1, 1, 1, 1]);
    // The flawed protocol is shown, not judged, on a user's plan: its lost replies still write twice.
    expect(shown.effects['tool-without-key']).toEqual([1, 2, 2, 2, 2, 1]);
    const [runId] = readdirSync(out);
    const results = JSON.parse(readFileSync(join(out, runId as string, 'results.json'), 'utf8')) as {
      family: string;
      cells: { protocol: string; cut: string; fired: boolean }[];
    };
    expect(results.family).toBe('plan');
    expect(results.cells.every((cell) => cell.fired)).toBe(true);
    const history = readFileSync(join(out, runId as string, 'plan', 'my-plan-loop', 'tool-applied', 'history.jsonl'), 'utf8');
    expect(history).toContain('"type":"crash","op":"tool-applied"');
    expect(existsSync(join(out, runId as string, 'plan', 'my-plan-loop', 'tool-applied', 'tool-server.db'))).toBe(true);
    // The chart's numbers: bounded with the summary, growing without it, as measured from each run's checkpoint.
    expect(
      readFileSync(join(out, runId as string, 'context-growth.png'))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const growth = JSON.parse(readFileSync(join(out, runId as string, 'context-growth.json'), 'utf8')) as {
      series: { protocol: string; points: { steps: number; peakChars: number }[] }[];
    };
    const peaks = (protocol: string) =>
      growth.series.find((line) => line.protocol === protocol)?.points.map((point) => point.peakChars) ?? [];
    // Flat once the first summary is made (five outputs of 200 characters and a short summary), at any length.
    expect(new Set(peaks('checkpoint-after-step').slice(3)).size).toBe(1);
    expect(Math.max(...peaks('checkpoint-after-step'))).toBeLessThanOrEqual(200 + 5 * 200);
    expect(peaks('no-summary')).toEqual([...peaks('no-summary')].sort((a, b) => a - b));
    expect(peaks('no-summary').at(-1)).toBeGreaterThan(5 * (peaks('checkpoint-after-step').at(-1) ?? 0));
  }, 60_000);
});
