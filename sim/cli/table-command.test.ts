import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-table');

const SEED_MARKDOWN = `| protocol / cut | 0 | 1 | 2 | 3 | 4 |
|---|---|---|---|---|---|
| mark-first | 1 | 0 | 1 | 1 | 1 |
| outbox-no-dedup | 1 | 1 | 2 | 2 | 1 |
| outbox-dedup | 1 | 1 | 1 | 1 | 1 |
`;

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

describe('sim table', () => {
  it('prints the measured table, agrees with the reference, and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['table'], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('| mark-first      | 1 | 0 | 1 | 1 | 1 |');
    expect(stdout).toContain('| outbox-no-dedup | 1 | 1 | 2 | 2 | 1 |');
    expect(stdout).toContain('| outbox-dedup    | 1 | 1 | 1 | 1 | 1 |');
    expect(stdout).toContain('15/15 expected cells match');

    const runFolder = lastLine(stdout).replace('run folder: ', '');
    expect(runFolder).toMatch(/^runs\/\d{8}-\d{6}-[0-9a-f]{6}$/);
    const results = JSON.parse(readFileSync(join(cwd, runFolder, 'results.json'), 'utf8'));
    expect(results.cells).toHaveLength(15);
    for (const cell of results.cells) {
      for (const file of [cell.case.files.stores.orchestrator, cell.case.files.stores.warehouse, cell.case.files.history]) {
        expect(existsSync(join(cwd, runFolder, file))).toBe(true);
      }
      expect(cell.case.files.folder).toBe(`${cell.protocol}/cut-${cell.cut.index}`);
    }
  });

  it("prints the seed's markdown form exactly with --format markdown", async () => {
    const { code, stdout } = await runCli(['table', '--format', 'markdown'], cwd);
    expect(code).toBe(0);
    expect(stdout.startsWith(SEED_MARKDOWN)).toBe(true);
  });

  it('prints a parseable summary with --format json', async () => {
    const { code, stdout } = await runCli(
      ['table', '--format', 'json', '--protocol', 'outbox-no-dedup', '--cut', '2', 'response-observed'],
      cwd,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.effects).toEqual({ 'outbox-no-dedup': [2, 2] });
    expect(summary.cuts).toEqual(['effect-applied', 'response-observed']);
    expect(existsSync(join(cwd, summary.resultsFile))).toBe(true);
  });

  it('still prints the measured table, then a cell-by-cell diff, and exits 1 when a cell differs from the expectation', async () => {
    const expectFile = join(cwd, 'wrong-expectation.json');
    writeFileSync(expectFile, JSON.stringify({ 'mark-first': [1, 1, 1, 1, 1] }));
    const { code, stdout } = await runCli(['table', '--expect', expectFile], cwd);
    expect(code).toBe(1);
    expect(stdout).toContain('| mark-first      | 1 | 0 | 1 | 1 | 1 |');
    expect(stdout).toContain('1 of 15 cells differ from the expected table:');
    expect(stdout).toContain('mark-first cut 1 (intent-recorded): expected 1, measured 0');
    expect(lastLine(stdout)).toMatch(/^run folder: /);
  });

  it('writes runs under --out', async () => {
    const out = join(cwd, 'elsewhere', 'runs');
    const { code, stdout } = await runCli(['table', '--cut', '0', '--out', out], cwd);
    expect(code).toBe(0);
    expect(readdirSync(out)).toHaveLength(1);
    expect(lastLine(stdout)).toContain('elsewhere/runs/');
  });
});

describe('bad input: one line on stderr, exit 2, nothing on disk touched', () => {
  const out = join(cwd, 'guarded');
  mkdirSync(join(out, 'earlier-run'), { recursive: true });
  writeFileSync(join(out, 'earlier-run', 'results.json'), '{"kept": true}\n');
  const aFile = join(cwd, 'a-file');
  writeFileSync(aFile, 'not a folder\n');

  const snapshot = () =>
    readdirSync(out, { recursive: true, withFileTypes: true })
      .map(
        (entry) => `${entry.parentPath}/${entry.name}:${entry.isFile() ? readFileSync(join(entry.parentPath, entry.name), 'utf8') : 'dir'}`,
      )
      .sort();

  it.each([
    { argv: ['table', '--protocol', 'nope'], says: /unknown protocol 'nope'; valid: mark-first, outbox-no-dedup, outbox-dedup/ },
    { argv: ['table', '--cut', '5'], says: /cut must be 0 to 4/ },
    { argv: ['table', '--cut', '-1'], says: /cut must be 0 to 4|unknown option/ },
    { argv: ['table', '--cut', 'two'], says: /cut must be 0 to 4 or one of before-intent/ },
    { argv: ['table', '--format', 'xml'], says: /format must be one of text, markdown, json/ },
    { argv: ['table', '--bogus'], says: /unknown option '--bogus'/ },
    { argv: ['frobnicate'], says: /unknown command 'frobnicate'/ },
    { argv: ['table', '--out', aFile], says: /cannot create output folder .*a-file/ },
    { argv: ['table', '--out', join(aFile, 'runs')], says: /a-file is a file, not a folder/ },
    { argv: ['table', '--expect', join(cwd, 'missing.json')], says: /cannot read --expect file .*missing\.json: no such file or folder/ },
    { argv: ['table', '--expect', aFile], says: /is not valid JSON/ },
    { argv: ['run', '--cut', '1'], says: /required option '-p, --protocol <name>' not specified/ },
    { argv: ['run', '--protocol', 'mark-first', '--cut', '12'], says: /cut must be 0 to 4/ },
  ])('sim $argv', async ({ argv, says }) => {
    const before = snapshot();
    const fileBefore = readFileSync(aFile, 'utf8');
    const { code, stdout, stderr } = await runCli([...argv, ...(argv.includes('--out') ? [] : ['--out', out])], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(snapshot()).toEqual(before);
    expect(readFileSync(aFile, 'utf8')).toBe(fileBefore);
    expect(statSync(aFile).isFile()).toBe(true);
  });
});
