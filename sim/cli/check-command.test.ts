import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-check');

function runFolderOf(stdout: string): string {
  return join(cwd, stdout.trimEnd().split('\n').at(-1)!.replace('run folder: ', ''));
}

describe('sim check', () => {
  it('prints the seed and parameters first, a line per property, writes results.json, exits 0', async () => {
    const { code, stdout, stderr } = await runCli(
      ['check', 'closed-window', 'control-check-then-act', '--runs', '150', '--seed', '42'],
      cwd,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(
      /^sim check: 2 properties, 150 runs each, seed 42, workers <= 4, store memory: in-memory databases, serialized between lives \(a counterexample is replayed into files\)$/m,
    );
    expect(stdout).toMatch(/✓ closed-window +held +150 runs .* runs\/s {2}fired: .*stale refusals/);
    expect(stdout).toMatch(/✓ control-check-then-act +found .*duplicate: N=2/);
    expect(stdout).toMatch(/replay: npx sim check control-check-then-act --seed 42 --path \d+(:\d+)*/);

    const folder = runFolderOf(stdout);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8'));
    expect(results).toMatchObject({ kind: 'check', seed: 42, runs: 150, verdict: 'pass' });
    expect(results.properties.map((p: { name: string; outcome: string }) => [p.name, p.outcome])).toEqual([
      ['closed-window', 'held'],
      ['control-check-then-act', 'found'],
    ]);
    // Only the counterexample's files are kept: the control's replay, nothing of the passing runs.
    expect(readdirSync(folder).sort()).toEqual(['control-check-then-act', 'results.json']);
    expect(readdirSync(join(folder, 'control-check-then-act')).sort()).toEqual(['history.jsonl', 'orchestrator.db', 'warehouse.db']);
  });

  it('replays one run from --seed and --path, prints its timeline and keeps its files', async () => {
    const first = await runCli(['check', 'control-no-dedup', '--runs', '100', '--seed', '5', '--store', 'file'], cwd);
    const command = /replay: npx sim (check .*)/.exec(first.stdout)![1]!.split(' ');
    const { code, stdout } = await runCli(command, cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('timeline (virtual ms, worker, event):');
    expect(stdout).toContain('violation: duplicate: N=2');
    const kept = join(cwd, /kept: (\S+)/.exec(stdout)![1]!);
    expect(existsSync(join(kept, 'warehouse.db'))).toBe(true);
    expect(readFileSync(join(kept, 'history.jsonl'), 'utf8')).toContain('"type":"invoke"');
  });

  it('says in the summary when the store is file, and where its files go', async () => {
    const { code, stdout } = await runCli(['check', 'control-mark-first', '--runs', '50', '--seed', '3', '--store', 'file'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/store file: fresh SQLite files per run in \//);
  });

  it('exits 1 when a property passes without its faults firing: a run that proves nothing is not a pass', async () => {
    const { code, stdout } = await runCli(['check', 'dedup-safety', '--runs', '1', '--seed', '1'], cwd);
    expect(code).toBe(1);
    expect(stdout).toMatch(/✗ dedup-safety +UNEXERCISED .*never fired: /);
    expect(stdout).toContain('0/1 properties passed');
  });

  it('lists the properties', async () => {
    const { code, stdout } = await runCli(['check', '--list'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dedup-safety +holds +outbox-dedup: N <= 1/m);
    expect(stdout).toMatch(/^control-tenant-less +finds +negative control/m);
  });

  it.each([
    { argv: ['--runs', '0'], says: /runs must be a whole number from 1/ },
    { argv: ['--runs', '-5'], says: /runs must be a whole number|unknown option/ },
    { argv: ['--runs', 'many'], says: /runs must be a whole number/ },
    { argv: ['--seed', 'abc'], says: /seed must be an integer/ },
    { argv: ['nope'], says: /unknown property 'nope' in family reservation; valid: dedup-safety, / },
    { argv: ['--workers', '9'], says: /workers must be a whole number from 1 to 8/ },
    { argv: ['--workers-max', '9'], says: /workers-max must be a whole number from 1 to 8/ },
    { argv: ['--store', 'disk'], says: /store must be one of file, memory/ },
    { argv: ['dedup-safety', '--path', '1:2'], says: /--path replays one run: give exactly one property and its --seed/ },
    { argv: ['--seed', '1', '--path', 'x'], says: /path must look like 12:0:3/ },
    { argv: ['--scratch', '/proc/no-such-place'], says: /cannot create a scratch folder in \/proc\/no-such-place/ },
    { argv: ['--sweep-trials', '10'], says: /--sweep-trials sizes the sweeps of --report: give --report too/ },
  ])('bad input $argv: one line, exit 2', async ({ argv, says }) => {
    const { code, stdout, stderr } = await runCli(['check', ...argv, '--out', join(cwd, 'bad')], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });
});
