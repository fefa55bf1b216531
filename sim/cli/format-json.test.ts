import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { runCli, type CliRun } from './testing/run-cli.js';
import { SIM_BIN, spawnSim } from '../testing/spawn-sim.js';
import { parseStrictXml } from '../testing/strict-xml.js';
import { tempFolder } from '../testing/temp-folder.js';
import { portAcceptsConnections } from '../transport/http/server-process.js';
import { displayPath } from '../results/run-folder.js';
import { EXIT } from './errors.js';
import { exitForError } from './exit-for-error.js';
import { jsonFromRunFolder } from './json-from-run-folder.js';
import { errorDocument } from './output-format.js';

const cwd = tempFolder('format-json');

/** Exactly one JSON document on stdout, or the test fails with what was there. */
function onlyDocument(run: { stdout: string }): Record<string, unknown> {
  expect(run.stdout.endsWith('\n')).toBe(true);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** The error document of a bad input: exit 2, one JSON document saying the same sentence as the one stderr line. */
function expectErrorDocument(run: CliRun, says: RegExp): void {
  expect(run.code).toBe(EXIT.badInput);
  const document = onlyDocument(run);
  expect(document).toMatchObject({ kind: 'error', tool: 'cutpoint', exitCode: 2 });
  expect(document.message).toMatch(says);
  expect(run.stderr.trimEnd().split('\n')).toEqual([`sim: ${document.message as string}`]);
}

describe('--format json: one JSON document on stdout, for every command, errors too', () => {
  it('table, run, show and report: the documents hold what the files hold', async () => {
    const table = await runCli(['table', '-p', 'outbox-dedup', 'outbox-no-dedup', '--format', 'json'], cwd);
    expect(table.code).toBe(0);
    const shown = onlyDocument(table) as { kind: string; verdict: string; effects: Record<string, number[]>; runFolder: string };
    expect(shown).toMatchObject({
      kind: 'table',
      verdict: 'pass',
      effects: { 'outbox-dedup': [1, 1, 1, 1, 1], 'outbox-no-dedup': [1, 1, 2, 2, 1] },
    });

    const run = await runCli(['run', '-p', 'outbox-no-dedup', '-c', 'effect-applied', '--format', 'json'], cwd);
    expect(run.code).toBe(0);
    const one = onlyDocument(run) as {
      kind: string;
      effects: number;
      verdict: string;
      files: Record<string, string>;
      events: unknown[];
      runFolder: string;
    };
    expect(one).toMatchObject({ kind: 'run', effects: 2, expected: 2, verdict: 'pass', cut: { index: 2, name: 'effect-applied' } });
    // The N printed is the N on disk, read with the test's own connection.
    expect(referenceEffectsOnDisk(join(cwd, one.files['warehouse.db']!))).toBe(2);
    expect(one.events.length).toBeGreaterThan(5);

    const show = await runCli(['show', join(one.runFolder), '--format', 'json'], cwd);
    expect(show.code).toBe(0);
    const histories = (onlyDocument(show) as { histories: { history: string; events: unknown[] }[] }).histories;
    expect(histories).toHaveLength(1);
    expect(histories[0]!.events).toEqual(one.events);

    const report = await runCli(['report', shown.runFolder, '--format', 'json'], cwd);
    expect(report.code).toBe(0);
    const files = (onlyDocument(report) as { files: Record<string, string> }).files;
    expect(Object.keys(files).sort()).toEqual(['chart', 'html', 'table']);
  });

  it('check, its replay, explore, its schedule, list and stress', async () => {
    const check = await runCli(['check', 'control-no-dedup', '--runs', '30', '--seed', '5', '--store', 'memory', '--format', 'json'], cwd);
    expect(check.code).toBe(0);
    const checked = onlyDocument(check) as { kind: string; properties: { replay: { command: string } }[] };
    expect(checked).toMatchObject({ kind: 'check', seed: 5, verdict: 'pass' });
    // The text a person reads went to stderr, whole.
    expect(check.stderr).toMatch(/✓ control-no-dedup +found/);
    const path = /--path (\S+)/.exec(checked.properties[0]!.replay.command)![1]!;
    const replay = await runCli(['check', 'control-no-dedup', '--seed', '5', '--path', path, '--store', 'memory', '--format', 'json'], cwd);
    expect(replay.code).toBe(0);
    expect(onlyDocument(replay)).toMatchObject({
      kind: 'check-replay',
      property: 'control-no-dedup',
      verdict: 'pass',
      violation: { kind: 'duplicate' },
    });

    const explore = await runCli(['explore', '-p', 'mark-first', '--format', 'json'], cwd);
    expect(explore.code).toBe(1);
    const explored = onlyDocument(explore) as { kind: string; violations: { kind: string; shortest: { schedule: string } }[] };
    expect(explored).toMatchObject({ kind: 'explore', exhaustive: true });
    expect(explored.violations.map((group) => group.kind)).toEqual(['lost']);
    const schedule = explored.violations[0]!.shortest.schedule;
    const replayed = await runCli(['explore', '-p', 'mark-first', '--schedule', schedule, '--format', 'json'], cwd);
    expect(replayed.code).toBe(1);
    expect(onlyDocument(replayed)).toMatchObject({ kind: 'explore-replay', schedule, violation: { kind: 'lost' } });

    const list = await runCli(['list', '--format', 'json'], cwd);
    expect((onlyDocument(list) as { families: { name: string }[] }).families.map((family) => family.name)).toContain('reservation');

    const stress = await runCli(['stress', '-p', 'outbox-dedup', '-w', '2', '-i', '4', '-t', '1', '--seed', '3', '--format', 'json'], cwd);
    expect(stress.code).toBe(0);
    expect(onlyDocument(stress)).toMatchObject({
      kind: 'stress',
      seed: 3,
      verdict: 'pass',
      protocols: [{ protocol: 'outbox-dedup', duplicates: 0, lost: 0 }],
    });
  });

  it.each([
    { argv: ['list', '--family', 'nope'], says: /unknown family 'nope'/ },
    { argv: ['table', '-p', 'nope'], says: /unknown protocol 'nope'/ },
    { argv: ['table', '--cuts', 'all'], says: /--cuts all .* cannot be combined with/ },
    { argv: ['table', '--bogus'], says: /unknown option '--bogus'/ },
    { argv: ['run', '-p', 'outbox-dedup'], says: /required option '-c, --cut <cut>' not specified/ },
    { argv: ['check', '--runs', '0'], says: /runs must be a whole number from 1/ },
    { argv: ['explore', '-p', 'outbox-dedup', '--schedule', 'a.b'], says: /schedule must look like 1:0:2/ },
    { argv: ['stress', '--workers', '99'], says: /workers must be a whole number from 1 to 16/ },
    { argv: ['show', 'no-such-folder'], says: /no-such-folder is not a folder/ },
    { argv: ['report', 'no-such-folder'], says: /does not exist/ },
    { argv: ['probe', '--url', 'ftp://x', '--body', '{}', '--count-url', 'http://127.0.0.1:1/{key}'], says: /--url must be http:\/\// },
    { argv: ['serve', '--receiver', 'nope', '--contract', 'x', '--db', 'w.db'], says: /unknown receiver 'nope'/ },
  ])('bad input $argv: exit 2, the error as the one document', async ({ argv, says }) => {
    expectErrorDocument(await runCli([...argv, '--format', 'json'], cwd), says);
  });

  it('a bug of cutpoint (exit 3) is a document too, with its stack', () => {
    const outcome = exitForError(new TypeError('boom'));
    const document = errorDocument(outcome.code, outcome.text);
    expect(document).toMatchObject({
      kind: 'error',
      exitCode: EXIT.internalError,
      message: expect.stringMatching(/^internal error: this is a bug in cutpoint/),
    });
    expect(document.stack).toMatch(/TypeError: boom\n\s+at /);
  });

  it('through the real bin: nothing but the document on stdout, good input or bad', () => {
    const bad = spawnSim(['table', '--format', 'json', '--cut', '9', '--out', join(cwd, 'bin')], cwd);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ kind: 'error', exitCode: 2, message: expect.stringMatching(/^cut must be 0 to 4/) });
    const good = spawnSim(['run', '-p', 'mark-first', '-c', '1', '--format', 'json', '--out', join(cwd, 'bin')], cwd);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ kind: 'run', effects: 0, expected: 0 });
  });

  it('serve prints its startup line as one JSON document, and probe judges it in JSON and JUnit', async () => {
    const db = join(cwd, 'served.db');
    const child = spawn(
      process.execPath,
      [SIM_BIN, 'serve', '--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', db, '--format', 'json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let port = 0;
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        child.once('exit', () => reject(new Error(`serve exited before its startup line: ${out}`)));
      });
      const started = JSON.parse(line) as { kind: string; port: number; url: string };
      expect(started).toMatchObject({ kind: 'serve', receiver: 'warehouse', contract: 'atomic-receipt', mcp: false });
      expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
      port = started.port;
      const target = [
        '--url',
        `${started.url}/reserve`,
        '--body',
        '{"part":"p7","qty":1}',
        '--count-url',
        `${started.url}/effects?tenant={tenant}&key={key}`,
        '--tenant-header',
        'X-Tenant',
        '--require-key',
      ];
      const probe = await runCli(['probe', ...target, '--format', 'json', '--out', join(cwd, 'probe')], cwd);
      expect(probe.code).toBe(0);
      const judged = onlyDocument(probe) as { kind: string; passed: boolean; clauses: { name: string; verdict: string }[] };
      expect(judged).toMatchObject({ kind: 'probe', passed: true });
      expect(judged.clauses.every((clause) => clause.verdict === 'pass')).toBe(true);
      const junit = await runCli(['probe', ...target, '--format', 'junit', '--out', join(cwd, 'probe')], cwd);
      expect(junit.code).toBe(0);
      const suites = parseStrictXml(junit.stdout);
      expect(suites.attributes).toMatchObject({ tests: String(judged.clauses.length), failures: '0', skipped: '0' });
      expect(suites.children[0]!.children.map((testCase) => testCase.attributes.name)).toEqual(judged.clauses.map((clause) => clause.name));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(await portAcceptsConnections(port)).toBe(false);
  });
});

describe('a results.json written before the verdicts were unified', () => {
  it('is read with its old words as pass and fail', async () => {
    const table = await runCli(['table', '-p', 'outbox-dedup', '--format', 'json', '--out', join(cwd, 'old')], cwd);
    const folder = join(cwd, (JSON.parse(table.stdout) as { runFolder: string }).runFolder);
    const { readTableResults } = await import('../results/read-results.js');
    const results = readTableResults(folder);
    writeFileSync(join(folder, 'results.json'), JSON.stringify({ ...results, verdict: 'match' }));
    expect(readTableResults(folder).verdict).toBe('pass');
    writeFileSync(join(folder, 'results.json'), JSON.stringify({ ...results, verdict: 'mismatch' }));
    expect(readTableResults(folder).verdict).toBe('fail');
  });

  it('is printed by --format json with the older word error as unknown, the rest as written', () => {
    const folder = join(import.meta.dirname, '../testing/fixtures/older-results/20261203-210033-a46ae4');
    const written = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as Record<string, unknown>;
    expect(written['verdict']).toBe('error');
    const printed: string[] = [];
    const { textIo, document } = jsonFromRunFolder({ stdout: (text) => printed.push(text), stderr: () => {}, cwd, isTty: false });
    textIo.stdout(`run folder: ${folder}\n`);
    expect(document()).toEqual({ ...written, verdict: 'unknown', runFolder: displayPath(folder, cwd) });
    expect(Object.keys(document())).toEqual([...Object.keys(written), 'runFolder']);
  });
});
