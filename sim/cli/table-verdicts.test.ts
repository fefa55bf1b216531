import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { printedRow } from './testing/table-run.js';
import { tempFolder } from '../testing/temp-folder.js';
import { writeTightPlan } from '../testing/tight-plan.js';

const cwd = tempFolder('table-verdicts');
const fixture = (name: string) => join(import.meta.dirname, '../testing/fixtures', name);
const outbox = fixture('outbox-without-receipt.mts');

/** The verdict of the only run folder under `out`, as its results.json holds it. */
function verdictIn(out: string): string {
  const [runId] = readdirSync(out);
  return (JSON.parse(readFileSync(join(out, runId!, 'results.json'), 'utf8')) as { verdict: string }).verdict;
}

describe('sim table exits 1 for a flaw in a protocol of yours, in every family', () => {
  it('reservation: the duplicates are listed, exit 1; --measure-only exits 0', async () => {
    const out = join(cwd, 'reservation');
    const run = await runCli(['table', '-p', outbox, '--out', out], cwd);
    expect(printedRow(run.stdout, 'my-outbox-without-receipt')).toEqual(['1', '1', '2', '2', '1']);
    expect(run.stdout).toContain('  my-outbox-without-receipt cut 2 (effect-applied): expected 1, measured 2 (duplicate)\n');
    expect(run.stdout).toContain('  my-outbox-without-receipt cut 3 (response-observed): expected 1, measured 2 (duplicate)\n');
    expect(run.stdout).toContain('my-outbox-without-receipt: no expected row, so expected right');
    expect(run.code).toBe(1);
    expect(verdictIn(out)).toBe('fail');
    const measured = await runCli(['table', '-p', outbox, '--measure-only', '--out', join(cwd, 'measured')], cwd);
    expect(measured.stdout).toContain('no expected rows for these protocols: the table is measured only.');
    expect(measured.code).toBe(0);
  }, 120_000);

  it('handover: a harness with a duplicated ticket, exit 1', async () => {
    const run = await runCli(
      ['table', '--family', 'handover', '-p', fixture('handover-named-contract.mts'), '--out', join(cwd, 'handover')],
      cwd,
    );
    expect(run.stdout).toContain('  named-no-receipt cut 2 (ticket-enqueued): expected 1, measured 2 (duplicate)\n');
    expect(run.code).toBe(1);
  }, 120_000);

  it('plan: 7 calls against a budget of 6, exit 1, though every write is done once', async () => {
    const plan = writeTightPlan(cwd);
    const run = await runCli(
      ['table', '--family', 'plan', '--plan', plan, '-p', fixture('plan/forgets-its-calls.ts'), '--out', join(cwd, 'plan')],
      cwd,
    );
    expect(printedRow(run.stdout, 'forgets-its-calls').slice(0, 10)).toEqual(['1', '1', '1', '1', '1', '1', '5', '6', '6', '7']);
    expect(run.stdout).toContain('  forgets-its-calls calls3 (gate-checked): expected at most 6 (budget_calls), measured 7\n');
    expect(run.code).toBe(1);
  }, 120_000);

  it('--cuts all: N=1 expected at every boundary, exit 1; --expect with its row per boundary exits 0; a row that does not fit is exit 2', async () => {
    const run = await runCli(['table', '--cuts', 'all', '-p', outbox, '--out', join(cwd, 'all')], cwd);
    expect(run.stdout).toContain('3 of 8 boundaries differ from their expected N:\n');
    expect(run.stdout).toMatch(
      / {2}my-outbox-without-receipt boundary 4 \(warehouse-commit at \S+\): expected 1, measured 2 \(duplicate\)\n/,
    );
    expect(run.code).toBe(1);
    expect(verdictIn(join(cwd, 'all'))).toBe('fail');
    writeFileSync(join(cwd, 'rows.json'), JSON.stringify({ 'my-outbox-without-receipt': [1, 1, 1, 2, 2, 2, 1, 1] }));
    const stated = await runCli(['table', '--cuts', 'all', '-p', outbox, '--expect', 'rows.json', '--out', join(cwd, 'stated')], cwd);
    expect(stated.stdout).toContain('8/8 boundaries match their expectation (--expect rows.json).');
    expect(stated.code).toBe(0);
    writeFileSync(join(cwd, 'classic.json'), JSON.stringify({ 'my-outbox-without-receipt': [1, 1, 2, 2, 1] }));
    const misfit = await runCli(['table', '--cuts', 'all', '-p', outbox, '--expect', 'classic.json', '--out', join(cwd, 'misfit')], cwd);
    expect(misfit.stderr).toMatch(
      /^sim: --expect file classic\.json: row 'my-outbox-without-receipt' has 5 numbers, but --cuts all found 8 boundaries/,
    );
    expect(misfit.code).toBe(2);
  }, 180_000);

  it('--measure-only with --expect is bad input: one line, exit 2', async () => {
    writeFileSync(join(cwd, 'any.json'), '{}');
    const run = await runCli(['table', '--measure-only', '--expect', 'any.json', '--out', join(cwd, 'never')], cwd);
    expect(run.stderr).toBe('sim: --measure-only judges nothing: it cannot be combined with --expect.\n');
    expect(run.code).toBe(2);
  });
});
