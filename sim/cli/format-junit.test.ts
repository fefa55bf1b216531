import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { runCli } from './testing/run-cli.js';
import { parseStrictXml } from '../testing/strict-xml.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('format-junit');

describe('sim table --format junit', () => {
  it('is one valid JUnit document: a case per cell, a failure for each cell that differs, with the N on disk', async () => {
    // mark-first loses the effect at cut 1 (N=0); expecting 1 there plants exactly one failing cell.
    writeFileSync(join(cwd, 'expect.json'), JSON.stringify({ 'mark-first': [1, 1, 1, 1, 1] }));
    const run = await runCli(['table', '-p', 'outbox-dedup', 'mark-first', '--expect', 'expect.json', '--format', 'junit'], cwd);
    expect(run.code).toBe(1);
    const root = parseStrictXml(run.stdout);
    expect(root.attributes).toMatchObject({ name: 'sim table reservation', tests: '10', failures: '1' });
    expect(root.children.map((suite) => suite.attributes.name)).toEqual(['reservation outbox-dedup', 'reservation mark-first']);
    const failed = root.children[1]!.children.find((testCase) => testCase.children.some((child) => child.name === 'failure'))!;
    expect(failed.attributes.name).toBe('cut 1 intent-recorded');
    expect(failed.children[0]!.attributes.message).toBe('N=0 for tenantA:reserve42, expected 1');
    // The N the report gives is the one in that case's warehouse.db, counted by the test itself.
    const runs = join(cwd, 'runs');
    const [runId] = readdirSync(runs);
    expect(referenceEffectsOnDisk(join(runs, runId!, 'mark-first', 'cut-1', 'warehouse.db'))).toBe(0);
  });

  it('is refused with --crash-mode both, in one line, and the refusal is a JUnit document too', async () => {
    const run = await runCli(['table', '--crash-mode', 'both', '--format', 'junit'], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('sim: --format junit writes the cells of one table: not with --crash-mode both.\n');
    const root = parseStrictXml(run.stdout);
    expect(root.attributes).toMatchObject({ name: 'sim table', tests: '1', failures: '1' });
    const failure = root.children[0]!.children[0]!.children[0]!;
    expect(failure.name).toBe('failure');
    expect(failure.attributes.message).toBe('--format junit writes the cells of one table: not with --crash-mode both.');
  });
});

describe('bad input with --format junit', () => {
  it.each([
    ['check', ['check', 'no-such-property', '--format', 'junit'], /unknown property|no-such-property/],
    ['probe', ['probe', '--format', 'junit', '--url', 'http://127.0.0.1:1/x'], /required option '--body <json>' not specified/],
    ['table', ['table', '--cut', '99', '--format', 'junit'], /cut/],
  ])('sim %s: exit 2, its line on stderr and the same line as one failing case on stdout', async (command, argv, says) => {
    const run = await runCli(argv, cwd);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    const root = parseStrictXml(run.stdout);
    expect(root.attributes).toMatchObject({ name: `sim ${command}`, tests: '1', failures: '1' });
    const testCase = root.children[0]!.children[0]!;
    expect(testCase.attributes.name).toBe('bad input or environment (exit 2)');
    expect(testCase.children[0]!.attributes.message).toMatch(says);
    expect(run.stderr).toContain(testCase.children[0]!.attributes.message!);
  });

  it('a command that prints no JUnit prints nothing on stdout for it', async () => {
    const run = await runCli(['explore', '-p', 'mark-first', '--format', 'junit'], cwd);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });
});
