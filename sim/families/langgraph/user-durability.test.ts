import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BoundaryResults } from '../../cli/boundary-run.js';
import { runCli } from '../../cli/testing/run-cli.js';
import type { TableResults } from '../../results/table-results.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { effectsFor, REFUND_GRAPH, REFUND_INTENTION, refundModule, userProject } from './testing/user-project.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const project = userProject(join(tempFolder('langgraph-durability'), 'project'), {
  'exit-refund.ts': refundModule(REFUND_GRAPH, "export const durability = 'exit';\n"),
  'later-refund.ts': refundModule(REFUND_GRAPH, "export const durability = 'later';\n"),
});

const runFolderOf = (stdout: string) => join(project, (stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));

/** The analysis page's row for `exit`: N after a crash at each boundary, in order, as the functional example measures it. */
function pageRow(durability: string): string {
  const page = readFileSync(join(ROOT, 'docs', 'analyses', 'langgraph.md'), 'utf8');
  const row = page.split('\n').find((line) => line.startsWith(`| ${durability} |`));
  return row?.split('|')[4]?.trim() ?? '';
}

describe("a user's graph module that chooses LangGraph's durability mode", () => {
  it("durability = 'exit': the four boundaries and the Ns the analysis page gives exit, read from effects.db", async () => {
    const run = await runCli(['table', '--cuts', 'all', '--protocol', 'exit-refund.ts', '--measure-only', '--out', 'runs'], project);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const runFolder = runFolderOf(run.stdout);
    const cells = (JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as BoundaryResults).rows[0]?.cells ?? [];
    const refunds = cells.map((cell) => effectsFor(join(runFolder, cell.case.files.stores.effects ?? ''), REFUND_INTENTION));
    // No task's writes, one checkpoint at the end: the refund repeats until that checkpoint is saved.
    const measured = cells.map((cell, i) => `${cell.boundary.kind} ${refunds[i]}`).join(' · ');
    expect(measured).toBe('effects-commit 2 · effect-applied 2 · checkpoint-put 2 · checkpoint-saved 1');
    expect(measured).toBe(pageRow('exit'));
  }, 240_000);

  it('in kill mode too: each new process runs the thread with exit, so the writes cuts are never reached', async () => {
    const run = await runCli(['table', '--protocol', 'exit-refund.ts', '--crash-mode', 'kill', '--measure-only', '--out', 'runs'], project);
    expect(run.code).toBe(1);
    const runFolder = runFolderOf(run.stdout);
    const results = JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as TableResults;
    const [lost, ...writes] = results.cells;
    expect(effectsFor(join(runFolder, lost?.case.files.stores.effects ?? ''), REFUND_INTENTION)).toBe(2);
    expect(writes.map((cell) => cell.case.error)).toEqual([
      expect.stringMatching(/armed cut 'writes-put' was never reached/),
      expect.stringMatching(/armed cut 'writes-saved' was never reached/),
    ]);
  }, 240_000);

  it('a durability LangGraph does not have: one line, exit 2', async () => {
    const run = await runCli(['table', '--protocol', 'later-refund.ts'], project);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("sim: later-refund.ts: durability must be one of exit, async, sync (LangGraph's durability mode for every invocation)\n");
  });
});
