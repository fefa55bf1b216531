import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BoundaryResults } from '../../cli/boundary-run.js';
import { tableRun } from '../../cli/testing/table-run.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { effectsFor, REFUND_INTENTION, refundModule, userProject } from './testing/user-project.js';

const project = userProject(join(tempFolder('langgraph-user'), 'project'), { 'refund-graph.ts': refundModule() });
const INTENTION = REFUND_INTENTION;

describe("a user's graph module the project has never seen, with only --protocol", () => {
  for (const mode of ['in-process', 'kill']) {
    it(`sim table (${mode}) finds its family, names it after its file, runs its own case and counts refunds per tool call`, async () => {
      const { runFolder, results, stdout } = await tableRun(project, ['--protocol', 'refund-graph.ts', '--crash-mode', mode, '--measure-only']);
      expect(results.family).toBe('langgraph');
      expect(stdout.split('\n')[0]).toMatch(/, intention refund:\{"cents":1250,"order":7\}$/);
      expect(results.cells.map((cell) => cell.protocol)).toEqual(['refund-graph', 'refund-graph', 'refund-graph']);
      expect(results.cells.map((cell) => cell.case.lives[0]?.crash?.cut)).toEqual(['effect-applied', 'writes-put', 'writes-saved']);
      // Read back from each case's effects file: two refunds until the tools node's writes are saved, one after.
      const refunds = results.cells.map((cell) => effectsFor(join(runFolder, cell.case.files.stores.effects ?? ''), INTENTION));
      expect(refunds).toEqual([2, 2, 1]);
      expect(results.cells.map((cell) => cell.effects)).toEqual(refunds);
    }, 240_000);
  }

  it('sim table --cuts all crashes after every boundary of its run; two refunds exactly from the commit to the writes', async () => {
    const run = await runCli(['table', '--cuts', 'all', '--protocol', 'refund-graph.ts', '--measure-only', '--out', 'runs'], project);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const runFolder = join(project, (run.stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));
    const results = JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as BoundaryResults;
    expect(results.intention).toBe(INTENTION);
    const cells = results.rows[0]?.cells ?? [];
    expect(cells.length).toBeGreaterThan(10);
    const refunds = cells.map((cell) => effectsFor(join(runFolder, cell.case.files.stores.effects ?? ''), INTENTION));
    expect(refunds).toEqual(cells.map((cell) => cell.effects));
    expect(cells.filter((_, i) => refunds[i] === 2).map((cell) => cell.boundary.kind)).toEqual(['effects-commit', 'effect-applied', 'writes-put']);
    expect(refunds.every((n) => n === 1 || n === 2)).toBe(true);
  }, 240_000);
});
