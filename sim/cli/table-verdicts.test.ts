import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { printedRow } from './testing/table-run.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('table-verdicts');
const fixture = (name: string) => join(import.meta.dirname, '../testing/fixtures', name);
const outbox = fixture('outbox-without-receipt.mts');

/** The verdict of the only run folder under `out`, as its results.json holds it. */
function verdictIn(out: string): string {
  const [runId] = readdirSync(out);
  return (JSON.parse(readFileSync(join(out, runId!, 'results.json'), 'utf8')) as { verdict: string }).verdict;
}

// The verdicts of every family, --measure-only and the lines under the table are judged in process (sim/api/user-verdicts.test.ts):
// here, what `sim table` itself parses, prints and exits with.
describe('sim table exits 1 for a flaw in a protocol of yours', () => {
  it('the duplicates are listed under the table, exit 1, and results.json says fail', async () => {
    const out = join(cwd, 'reservation');
    const run = await runCli(['table', '-p', outbox, '--out', out], cwd);
    expect(printedRow(run.stdout, 'my-outbox-without-receipt')).toEqual(['1', '1', '2', '2', '1']);
    expect(run.stdout).toContain('  my-outbox-without-receipt cut 2 (effect-applied): expected 1, measured 2 (duplicate)\n');
    expect(run.stdout).toContain('  my-outbox-without-receipt cut 3 (response-observed): expected 1, measured 2 (duplicate)\n');
    expect(run.stdout).toContain('my-outbox-without-receipt: no expected row, so expected right');
    expect(run.code).toBe(1);
    expect(verdictIn(out)).toBe('fail');
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
