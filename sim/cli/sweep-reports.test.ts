import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SweepsResults } from '../results/sweeps-results.js';
import { checkReportRun } from './testing/check-report-run.js';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-sweeps');
const CHARTS = ['retention-sweep.png', 'concurrency-sweep.png'];
let runFolder: string;
let sweeps: SweepsResults;
let stdout: string;
let stderr: string;

beforeAll(async () => {
  ({ runFolder, sweeps, stdout, stderr } = await checkReportRun(cwd));
});

function copyRun(name: string): string {
  const copy = join(cwd, 'copies', name);
  cpSync(runFolder, copy, { recursive: true });
  return copy;
}

/** Every file under a folder with its bytes, to prove a failed command changed nothing. */
function snapshot(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map(
      (entry) =>
        `${entry.parentPath}/${entry.name}:${entry.isFile() ? readFileSync(join(entry.parentPath, entry.name)).toString('base64') : 'dir'}`,
    )
    .sort();
}

describe('sim check --report', () => {
  it('measures both sweeps after the properties, writes sweeps.json and the two charts, and names them', () => {
    const shown = relative(cwd, runFolder);
    expect(stderr).toBe('');
    expect(readdirSync(runFolder).sort()).toEqual([...CHARTS, 'control-no-dedup', 'results.json', 'sweeps.json'].sort());
    expect(JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8'))).toMatchObject({ kind: 'check', seed: 1, runs: 50 });
    expect(sweeps).toMatchObject({ kind: 'sweeps', seed: 1, trialsPerPoint: 12, store: 'memory' });
    expect(sweeps.retention.series.map((s) => s.name)).toEqual(['without closed window', 'with closed window']);
    expect(sweeps.concurrency.series.map((s) => s.name)).toEqual(['outbox-no-dedup', 'check-then-act', 'outbox-dedup']);

    expect(stdout).toContain('sweeps: 600 generated trials (12 per point), seed 1, in-memory stores');
    expect(stdout).toMatch(/^receipt retention ÷ retry delay +without closed window +with closed window$/m);
    expect(stdout).toMatch(/^ +8 +0\.0 \(0\/\d+\) +0\.0 \(0\/\d+\)$/m);
    expect(stdout).toMatch(/^relay workers +outbox-no-dedup +check-then-act +outbox-dedup$/m);
    expect(stdout).toContain(`sweeps.json           ${shown}/sweeps.json\n`);
    for (const chart of CHARTS) expect(stdout).toContain(`${chart.padEnd(21)} ${shown}/${chart}\n`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`run folder: ${shown}`);
  });

  it.each([
    { argv: ['--sweep-trials', '0'], says: /sweep-trials must be a whole number from 1 to 100000; got '0'/ },
    { argv: ['control-no-dedup', '--seed', '1', '--path', '0:1'], says: /--report goes with a check run, not with the replay of one run/ },
  ])('bad input $argv: one line, exit 2, no run folder', async ({ argv, says }) => {
    const out = join(cwd, 'bad-runs');
    const { code, stdout: out1, stderr: err } = await runCli(['check', ...argv, '--report', '--out', out], cwd);
    expect(code).toBe(2);
    expect(err).toMatch(says);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(out1).toBe('');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

describe('sim report on a check run', () => {
  it('redraws the sweep charts from sweeps.json, measuring nothing again', async () => {
    const folder = copyRun('redraw');
    for (const chart of CHARTS) rmSync(join(folder, chart));
    const before = readFileSync(join(folder, 'sweeps.json'));
    const { code, stdout: out, stderr: err } = await runCli(['report', relative(cwd, folder)], cwd);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe(`sim report: drawn from copies/redraw/sweeps.json`);
    for (const chart of CHARTS) {
      expect(out).toContain(`${chart.padEnd(21)} copies/redraw/${chart}`);
      expect(readFileSync(join(folder, chart)).equals(readFileSync(join(runFolder, chart)))).toBe(true);
    }
    expect(readFileSync(join(folder, 'sweeps.json')).equals(before)).toBe(true);
  });

  /** sweeps.json as a test may damage it: any field may hold anything, or be gone. */
  type Damaged = Record<string, unknown> & { retention: { series: { points: Record<string, unknown>[] }[] } };
  const damaged = (mutate: (copy: Damaged) => void) => (folder: string) => {
    const copy = structuredClone(sweeps) as unknown as Damaged;
    mutate(copy);
    writeFileSync(join(folder, 'sweeps.json'), JSON.stringify(copy));
  };
  const cases: { name: string; damage: (folder: string) => void; says: RegExp }[] = [
    {
      name: 'sweeps.json is not JSON',
      damage: (f) => writeFileSync(join(f, 'sweeps.json'), '{"kind": "sweeps", "retention": ['),
      says: /sweeps\.json is not valid JSON/,
    },
    {
      name: 'a point has a word for a number',
      damage: damaged((copy) => (copy.retention.series[0]!.points[2]!['duplicatesPer1000'] = 'many')),
      says: /is not a sweeps file: retention\.series\[0\]\.points\[2\]\.duplicatesPer1000 must be a finite number/,
    },
    {
      name: 'a sweep is missing',
      damage: damaged((copy) => delete copy['concurrency']),
      says: /is not a sweeps file: concurrency must be an object/,
    },
    {
      name: 'another kind of file',
      damage: damaged((copy) => (copy['kind'] = 'table')),
      says: /is not a sweeps file: kind must be 'sweeps'/,
    },
    {
      name: 'no sweeps.json',
      damage: (f) => rmSync(join(f, 'sweeps.json')),
      says: /no sweeps\.json in .*: run `sim check --report` to measure the sweeps/,
    },
    {
      name: 'a folder where a chart goes',
      damage: (f) => mkdirSync(join(f, 'concurrency-sweep.png')),
      says: /cannot write concurrency-sweep\.png in .*: a folder of that name is in the way/,
    },
  ];

  it.each(cases)('$name: one line on stderr, exit 2, nothing on disk changed', async ({ name, damage, says }) => {
    const folder = copyRun(name.replaceAll(' ', '-'));
    rmSync(join(folder, 'concurrency-sweep.png'));
    damage(folder);
    const before = snapshot(folder);
    const { code, stdout: out, stderr: err } = await runCli(['report', folder], cwd);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^sim: /);
    expect(err).toMatch(says);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(snapshot(folder)).toEqual(before);
    expect(statSync(folder).isDirectory()).toBe(true);
  });
});
