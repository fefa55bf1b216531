import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownTable } from '../../reports/text-table.js';
import type { TableResults } from '../results/table-results.js';
import { runCli } from './testing/run-cli.js';
import { tableRun } from './testing/table-run.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-report');
const REPORTS = ['table.md', 'effects.png', 'report.html'];
/** A run folder of `sim table` (one case that could not be judged) as written when its verdict was called error. */
const OLDER_RUN_ID = '20261203-210033-a46ae4';
let runFolder: string;
let results: TableResults;

beforeAll(async () => {
  ({ runFolder, results } = await tableRun(cwd));
});

/** A copy of the real run under a name of our choosing, to damage or to order by time. */
function copyRun(outDir: string, runId: string): string {
  const copy = join(cwd, outDir, runId);
  cpSync(runFolder, copy, { recursive: true });
  return copy;
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

describe('sim table --chart', () => {
  it('writes table.md, effects.png and report.html into the new run folder and names them', async () => {
    const { runFolder: folder, stdout } = await tableRun(cwd, ['--chart']);
    const shown = relative(cwd, folder);
    expect(stdout).toContain('15/15 expected cells match');
    for (const name of REPORTS) expect(stdout).toContain(`${name.padEnd(12)} ${shown}/${name}`);
    expect(lastLine(stdout)).toBe(`run folder: ${shown}`);
    expect(readdirSync(folder).sort()).toEqual([
      'effects.png',
      'mark-first',
      'outbox-dedup',
      'outbox-no-dedup',
      'report.html',
      'results.json',
      'table.md',
    ]);
  });

  it('names the reports in --format json', async () => {
    const { code, stdout } = await runCli(['table', '--chart', '--format', 'json', '--cut', '1', '--out', join(cwd, 'json-runs')], cwd);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.reports).toEqual({
      table: `${summary.runFolder}/table.md`,
      chart: `${summary.runFolder}/effects.png`,
      html: `${summary.runFolder}/report.html`,
    });
    for (const path of Object.values(summary.reports)) expect(existsSync(join(cwd, path as string))).toBe(true);
  });
});

describe('sim report', () => {
  it("writes the reports of a named run folder; table.md is the seed's markdown table and one line of legend", async () => {
    const folder = copyRun('named', results.runId);
    const { code, stdout, stderr } = await runCli(['report', relative(cwd, folder)], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(lastLine(stdout)).toBe(`run folder: named/${results.runId}`);
    const table = readFileSync(join(folder, 'table.md'), 'utf8');
    expect(table.startsWith(markdownTable(results) + '\n')).toBe(true);
    expect(
      table.startsWith('| protocol / cut | 0 | 1 | 2 | 3 | 4 |\n|---|---|---|---|---|---|\n| mark-first | 1 | 0 | 1 | 1 | 1 |\n'),
    ).toBe(true);
    const legend = table.slice(markdownTable(results).length + 1).trimEnd();
    expect(legend.split('\n')).toHaveLength(1);
    expect(legend).toMatch(
      /^N = reservation rows in warehouse\.db for tenantA:reserve42 .*1 right, 0 lost, 2\+ duplicate.*cuts: 0 before-intent, .*4 confirmed; run /,
    );
    expect(readFileSync(join(folder, 'effects.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('takes the latest table run under --out when no folder is named, passing over other folders', async () => {
    const older = copyRun('latest', '20200101-000000-aaaaaa');
    const newest = copyRun('latest', '20200101-000001-bbbbbb');
    mkdirSync(join(cwd, 'latest', '29991231-235959-cccccc')); // a run still in progress: no results.json yet
    mkdirSync(join(cwd, 'latest', '29991231-235959-dddddd'));
    writeFileSync(join(cwd, 'latest', '29991231-235959-dddddd', 'results.json'), '{"kind": "property"}');
    mkdirSync(join(cwd, 'latest', 'test-artifacts'));
    const { code, stdout } = await runCli(['report', '--out', 'latest'], cwd);
    expect(code).toBe(0);
    expect(lastLine(stdout)).toBe('run folder: latest/20200101-000001-bbbbbb');
    for (const name of REPORTS) {
      expect(existsSync(join(newest, name))).toBe(true);
      expect(existsSync(join(older, name))).toBe(false);
    }
  });

  it('reads a results.json written with the older word error: its verdict is shown as unknown', async () => {
    const folder = join(cwd, 'older', OLDER_RUN_ID);
    cpSync(join(import.meta.dirname, '../testing/fixtures/older-results', OLDER_RUN_ID), folder, { recursive: true });
    expect(JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')).verdict).toBe('error');
    const { code, stderr } = await runCli(['report', folder], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).toContain('<p class="verdict unknown">');
    expect(readFileSync(join(folder, 'table.md'), 'utf8')).toContain('| throws-mid-run | err |');
  });

  it('rewrites existing reports in place', async () => {
    const folder = copyRun('rewrite', results.runId);
    writeFileSync(join(folder, 'table.md'), 'stale\n');
    expect((await runCli(['report', folder], cwd)).code).toBe(0);
    expect(readFileSync(join(folder, 'table.md'), 'utf8')).toContain('| mark-first | 1 | 0 | 1 | 1 | 1 |');
  });
});

describe('sim report on bad input: one line on stderr, exit 2, nothing on disk touched', () => {
  const bad = (name: string) => join(cwd, 'bad', name);
  const setups: Record<string, () => string> = {
    'a folder without results.json': () => {
      mkdirSync(bad('empty'), { recursive: true });
      return bad('empty');
    },
    'a results.json that is not JSON': () => {
      const folder = copyRun('bad', 'not-json');
      writeFileSync(join(folder, 'results.json'), '{"kind": "table", "cells": [');
      return folder;
    },
    'a results.json with a wrong field': () => {
      const folder = copyRun('bad', 'wrong-field');
      const damaged = structuredClone(results) as unknown as { cells: { effects: unknown }[] };
      (damaged.cells[3] as { effects: unknown }).effects = 'two';
      writeFileSync(join(folder, 'results.json'), JSON.stringify(damaged));
      return folder;
    },
    'a results.json of another kind of run': () => {
      const folder = copyRun('bad', 'other-kind');
      writeFileSync(join(folder, 'results.json'), JSON.stringify({ ...results, kind: 'property' }));
      return folder;
    },
    'a results.json whose file paths leave the run folder': () => {
      const folder = copyRun('bad', 'escaping-path');
      const damaged = structuredClone(results);
      (damaged.cells[0] as TableResults['cells'][number]).case.files.history = '../../../etc/passwd';
      writeFileSync(join(folder, 'results.json'), JSON.stringify(damaged));
      return folder;
    },
    'a missing history.jsonl': () => {
      const folder = copyRun('bad', 'no-history');
      rmSync(join(folder, 'outbox-dedup', 'cut-2', 'history.jsonl'));
      return folder;
    },
    'a run folder that does not exist': () => bad('nowhere'),
    'a file named as the run folder': () => {
      mkdirSync(join(cwd, 'bad'), { recursive: true });
      writeFileSync(bad('a-file'), 'not a folder\n');
      return bad('a-file');
    },
    'a run folder where table.md is a folder': () => {
      const folder = copyRun('bad', 'table-md-is-a-folder');
      mkdirSync(join(folder, 'table.md'));
      return folder;
    },
    'a run folder where report.html is a folder': () => {
      const folder = copyRun('bad', 'report-html-is-a-folder');
      mkdirSync(join(folder, 'report.html', 'inside'), { recursive: true });
      return folder;
    },
  };
  const expectations: Record<string, RegExp> = {
    'a folder without results.json': /no results\.json in .*empty: not a run folder of `sim table`/,
    'a results.json that is not JSON': /results\.json is not valid JSON/,
    'a results.json with a wrong field': /is not a table run's results: cells\[3\]\.effects must be a non-negative integer or null/,
    'a results.json of another kind of run': /kind must be 'table'/,
    'a results.json whose file paths leave the run folder': /cells\[0\]\.case\.files\.history must be a path inside the run folder/,
    'a missing history.jsonl': /names outbox-dedup\/cut-2\/history\.jsonl, which cannot be read: no such file or folder/,
    'a run folder that does not exist': /run folder .*nowhere does not exist/,
    'a file named as the run folder': /a-file is not a folder/,
    'a run folder where table.md is a folder': /cannot write table\.md in .*: a folder of that name is in the way/,
    'a run folder where report.html is a folder': /cannot write report\.html in .*: a folder of that name is in the way/,
  };

  const snapshot = (root: string) =>
    existsSync(root) && statSync(root).isDirectory()
      ? readdirSync(root, { recursive: true, withFileTypes: true })
          .map(
            (entry) =>
              `${entry.parentPath}/${entry.name}:${entry.isFile() ? readFileSync(join(entry.parentPath, entry.name)).toString('base64') : 'dir'}`,
          )
          .sort()
      : [];

  it.each(Object.keys(setups))('sim report <%s>', async (name) => {
    const folder = (setups[name] as () => string)();
    const before = snapshot(folder);
    const { code, stdout, stderr } = await runCli(['report', folder], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(expectations[name] as RegExp);
    expect(stderr).toMatch(/^sim: /);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(snapshot(folder)).toEqual(before);
  });

  it('sim report with no run under --out', async () => {
    mkdirSync(join(cwd, 'no-runs', 'test-artifacts'), { recursive: true });
    const { code, stderr } = await runCli(['report', '--out', 'no-runs'], cwd);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "sim: no table run under no-runs (no run folder with a results.json of kind 'table'); run `sim table` first, or name a run folder\n",
    );
  });

  it('sim report with an --out that does not exist', async () => {
    const { code, stderr } = await runCli(['report', '--out', 'missing-runs'], cwd);
    expect(code).toBe(2);
    expect(stderr).toBe('sim: runs folder missing-runs does not exist; run `sim table` first, or name a run folder\n');
  });

  it('sim table --chart into an --out that is a file changes nothing', async () => {
    writeFileSync(join(cwd, 'out-file'), 'x\n');
    const { code, stderr } = await runCli(['table', '--chart', '--out', join(cwd, 'out-file')], cwd);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(join(cwd, 'out-file'), 'utf8')).toBe('x\n');
  });
});

describe('sim report --help', () => {
  it('describes the run folder argument, --out and the exit codes', async () => {
    const { code, stdout } = await runCli(['report', '--help'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: sim report \[options\] \[run-dir\]/);
    expect(stdout).toContain('--out <dir>');
    expect(stdout).toContain('Exit codes: 0 the reports are written');
  });
});
