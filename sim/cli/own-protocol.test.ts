import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { printedRow } from './testing/table-run.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('own-protocol');
const repo = process.cwd();
const fixture = (name: string) => join(repo, 'sim', 'testing', 'fixtures', name);
const example = join(repo, 'protocols', 'examples', 'my-protocol.ts');

describe('bring your own protocol', () => {
  it('loads the TypeScript example through tsx and judges its row: N=1 at every cut, as a protocol with no row is expected', async () => {
    const { code, stdout, stderr } = await runCli(['table', '--protocol', example], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(printedRow(stdout, 'my-split-confirm')).toEqual(['1', '1', '1', '1', '1']);
    expect(stdout).toContain('5/5 expected cells match N=1, the default row of a protocol with no expected row.');
  });

  it("loads a plain JavaScript module with no imports, next to a built-in: its loss fails it, the built-in's matches its row", async () => {
    const { code, stdout } = await runCli(['table', '-p', fixture('plain-js-protocol.mjs'), 'mark-first'], cwd);
    expect(printedRow(stdout, 'plain-js-mark-first')).toEqual(['1', '0', '1', '1', '1']);
    expect(printedRow(stdout, 'mark-first')).toEqual(['1', '0', '1', '1', '1']);
    expect(stdout).toContain(
      '1 of 10 cells differ from the expected table:\n  plain-js-mark-first cut 1 (intent-recorded): expected 1, measured 0 (lost)\n',
    );
    expect(code).toBe(1);
  });

  it("names a built-in protocol's boundaries after its TypeScript lines from the compiled bin (each frame mapped through its .js.map)", () => {
    const result = spawnSync(
      process.execPath,
      [join(repo, 'dist', 'entry', 'sim.js'), 'table', '--cuts', 'all', '-p', 'mark-first', '--out', join(cwd, 'runs')],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    const source = readFileSync(join(repo, 'protocols', 'reservation', 'mark-first.ts'), 'utf8').split('\n');
    const named = [...result.stdout.matchAll(/^\s+\d+\s+(\S+).* at mark-first\.ts:(\d+)/gm)].map((m) => ({
      boundary: m[1],
      line: source[Number(m[2]) - 1] ?? '',
    }));
    // before-intent, the mark, intent-recorded, effect-applied, response-observed, the confirmation, confirmed.
    expect(named).toHaveLength(7);
    // A commit is named at its transaction, a cut at its ctx.cut, a cut the warehouse call reaches at that call.
    for (const { boundary, line } of named) {
      if (boundary === 'orchestrator-commit') expect(line).toContain('ctx.orchestrator.transaction(');
      else expect(line).toMatch(new RegExp(`ctx\\.cut\\('${boundary}'\\)|ctx\\.warehouse\\.`));
    }
  });

  it("finds the example's commits with --cuts all, each named after its line in the source file", () => {
    // The real bin, as a user runs it: its boundaries carry the TypeScript line numbers.
    const result = spawnSync(
      process.execPath,
      [join(repo, 'dist', 'entry', 'sim.js'), 'table', '--cuts', 'all', '-p', example, '--out', join(cwd, 'runs')],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/my-split-confirm: 9 boundaries found/);
    // Every transaction that writes is a boundary; the relay's read of the next row (`const row = ...`) writes nothing.
    const writingTransactions = readFileSync(example, 'utf8')
      .split('\n')
      .flatMap((line, index) => (line.includes('ctx.orchestrator.transaction(') && !line.includes('const row') ? [index + 1] : []));
    const found = [...result.stdout.matchAll(/orchestrator-commit at my-protocol\.ts:(\d+)/g)].map((m) => Number(m[1]));
    expect(writingTransactions).toHaveLength(3);
    expect(found).toEqual(writingTransactions);
  });

  it('checks the example with the properties that must hold: sim check --protocol', async () => {
    const { code, stdout } = await runCli(['check', '--protocol', example, '--runs', '150', '--seed', '11', '--store', 'memory'], cwd);
    expect(stdout.split('\n')[0]).toMatch(/^sim check: 5 properties on protocol my-split-confirm, 150 runs each, seed 11/);
    expect(stdout).toMatch(/✓ dedup-safety +held/);
    expect(stdout).not.toContain('control-');
    expect(code).toBe(0);
  });

  it('refuses --protocol with a negative control: one line, exit 2', async () => {
    const { code, stderr } = await runCli(['check', 'control-no-dedup', '--protocol', example], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/control-no-dedup is a negative control on its own flawed protocol/);
  });

  it('marks a case whose protocol throws an ordinary error as an error with its message, exit 1', async () => {
    const { code, stdout } = await runCli(['table', '-p', fixture('throws-mid-run.ts'), '--cut', '1'], cwd);
    expect(code).toBe(1);
    expect(printedRow(stdout, 'throws-mid-run')).toEqual(['err']);
    expect(stdout).toContain('error: throws-mid-run cut 1 (intent-recorded): protocol failed: the relay lost its temper');
  });

  it('--cuts all on a protocol whose fault-free run throws: its row is not judged, with the message, exit 1 (no stack)', async () => {
    const out = join(cwd, 'throws-runs');
    const { code, stdout, stderr } = await runCli(['table', '--cuts', 'all', '-p', fixture('throws-mid-run.ts'), '--out', out], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('throws-mid-run: not judged: the fault-free run of throws-mid-run failed: the relay lost its temper\n');
    const [runId] = readdirSync(out);
    const results = JSON.parse(readFileSync(join(out, runId as string, 'results.json'), 'utf8')) as {
      verdict: string;
      rows: { protocol: string; error?: string; cells: unknown[] }[];
    };
    expect(results.verdict).toBe('unknown');
    expect(results.rows).toEqual([
      { protocol: 'throws-mid-run', boundaries: [], cells: [], error: expect.stringMatching(/the relay lost its temper$/) },
    ]);
  });

  it('every file the first-protocol tutorial names exists, and the contract it says to write is the one loaded', () => {
    const section = readFileSync(join(repo, 'docs', 'tutorials', 'first-protocol.md'), 'utf8');
    const named = [...section.matchAll(/`((?:protocols|sim)\/[\w/.-]+\.ts)`/g)].map((m) => m[1] ?? '');
    expect(named).toContain('protocols/reservation/local-schema.ts');
    for (const file of named) expect(existsSync(join(repo, file)), file).toBe(true);
    const shape = readFileSync(join(repo, 'protocols', 'reservation', 'module-shape.ts'), 'utf8');
    expect(section).toContain('`handle(side, request)`');
    expect(shape).toContain("typeof contract.handle !== 'function'");
  });

  it('a classic cut the protocol never names is an error that says what it reached and what to write', async () => {
    const { code, stdout } = await runCli(['table', '-p', fixture('unnamed-before-intent.mts'), '--cut', '0', '--cut', '1'], cwd);
    expect(code).toBe(1);
    expect(printedRow(stdout, 'unnamed-before-intent')).toEqual(['err', '1']);
    expect(stdout).toContain(
      "error: unnamed-before-intent cut 0 (before-intent): armed cut 'before-intent' was never reached, so this case proves nothing (cuts reached: ",
    );
    expect(stdout).toMatch(
      /cuts reached: [^;]*intent-recorded[^;]*; a protocol reaches this one by `await ctx\.cut\('before-intent'\)` at that boundary/,
    );
  });

  it.each([
    { file: 'syntax-error.ts', says: /^sim: cannot load protocol file .*syntax-error\.ts: / },
    { file: 'no-protocol-export.ts', says: /^sim: .*no-protocol-export\.ts exports no protocol: export default/ },
    { file: 'missing.ts', says: /^sim: protocol file .*missing\.ts does not exist/ },
  ])('a module that cannot be used ($file) is bad input: one line, exit 2', async ({ file, says }) => {
    const { code, stdout, stderr } = await runCli(['table', '-p', fixture(file), '--out', join(cwd, 'never')], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
