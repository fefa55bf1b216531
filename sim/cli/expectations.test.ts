import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('expectations');
writeFileSync(join(cwd, 'mine.json'), JSON.stringify({ 'mark-first': [1, 0, 1, 1, 1] }));
writeFileSync(join(cwd, 'other.json'), JSON.stringify({ 'outbox-dedup': [1, 1, 1, 1, 1] }));

function resultsOf(stdout: string): TableResults {
  const folder = (stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, '');
  return JSON.parse(readFileSync(resolve(cwd, folder, 'results.json'), 'utf8')) as TableResults;
}

describe('--expect: rows must name protocols of the run, and the summary says where expectations came from', () => {
  it('without --expect the summary names the reference table', async () => {
    const { code, stdout } = await runCli(['table', '--cut', '1', '--out', 'runs'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('3/3 expected cells match the reference table.');
    expect(resultsOf(stdout).expectFile).toBeUndefined();
  });

  it('with --expect it says "expected cells" and names the file, never "the reference table"', async () => {
    const { code, stdout } = await runCli(['table', '--cut', '1', '--expect', 'mine.json', '--out', 'runs'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('3/3 expected cells match their expectation (--expect mine.json).');
    expect(stdout).not.toContain('reference table');
    const results = resultsOf(stdout);
    expect(results.expectFile).toBe('mine.json');
    // The cell judged by the file was really measured at its cut: mark-first loses the effect at intent-recorded.
    const cell = results.cells.find((c) => c.protocol === 'mark-first');
    expect(cell?.effects).toBe(0);
    expect(cell?.case.cutHits['intent-recorded']).toBeGreaterThan(0);
  });

  it.each([
    {
      argv: ['table', '--protocol', 'mark-first', '--expect', 'other.json'],
      says: /row 'outbox-dedup' names no protocol of this run \(mark-first\); remove it or add --protocol outbox-dedup/,
    },
    {
      argv: ['run', '--protocol', 'mark-first', '--cut', '2', '--expect', 'other.json'],
      says: /row 'outbox-dedup' names no protocol of this run \(mark-first\)/,
    },
  ])('a row naming no protocol of the run is bad input: sim $argv.0', async ({ argv, says }) => {
    const before = readdirSync(cwd, { recursive: true }).length;
    const { code, stdout, stderr } = await runCli([...argv, '--out', 'runs'], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readdirSync(cwd, { recursive: true }).length).toBe(before);
  });
});
