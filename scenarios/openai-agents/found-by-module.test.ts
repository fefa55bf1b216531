import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedRow } from '../../sim/cli/testing/table-run.js';
import { runCli, type CliRun } from '../../sim/cli/testing/run-cli.js';
import { rowsIn } from '../../sim/families/openai-agents/testing/rows-in.js';
import { toolIntention } from '../../protocols/receivers/tool-calls.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const folder = tempFolder('openai-agents-found');
const MY_AGENTS = join(import.meta.dirname, '..', '..', 'sim', 'families', 'openai-agents', 'fixtures', 'my-agents.ts');
const CANCEL = toolIntention('cancel_subscription', { subscription: '7' });

/** `sim <argv>` without --family, its runs under the test's folder. */
const sim = (argv: readonly string[]) => runCli([...argv, '--out', join(folder, 'runs')], folder);

/** The run folder a command's output ends with. */
const runFolderOf = (run: CliRun) => resolve(folder, /^run folder: (.+)$/m.exec(run.stdout)?.[1] ?? '');

/** Cancellations in the effects.db of one case of a table run. */
const cancellations = (run: CliRun, cut: number) =>
  rowsIn(join(runFolderOf(run), 'my-agents', `cut-${cut}`, 'effects.db'), 'effects', CANCEL);

const oneLine = (run: CliRun) => run.stderr.endsWith('\n') && run.stderr.trimEnd().split('\n').length === 1;

describe("a user's agents module, its family found from the module (no --family)", () => {
  it('sim table runs it as the openai-agents family: two cancellations in effects.db after a lost reply, exit 1', async () => {
    const run = await sim(['table', '--protocol', MY_AGENTS]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('cuts: 0 approval-decided · 1 effect-applied · 2 state-save · 3 state-saved');
    expect(printedRow(run.stdout, 'my-agents').slice(0, 4)).toEqual(['1', '2', '2', '1']);
    expect([0, 1, 2, 3].map((cut) => cancellations(run, cut))).toEqual([1, 2, 2, 1]);
  }, 120_000);

  it('in kill mode too: the process killed after the commit leaves two cancellations in effects.db', async () => {
    const run = await sim(['table', '--protocol', MY_AGENTS, '--crash-mode', 'kill', '--cut', 'effect-applied']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(printedRow(run.stdout, 'my-agents')[0]).toBe('2');
    expect(cancellations(run, 1)).toBe(2);
  }, 120_000);

  it('sim explore finds the duplicate, and its replay line runs without --family', async () => {
    const run = await sim(['explore', '--protocol', MY_AGENTS, '-d', '1', '-j', '1']);
    expect(run.code).toBe(1);
    const results = JSON.parse(readFileSync(join(runFolderOf(run), 'results.json'), 'utf8')) as {
      exhaustive: boolean;
      violations: { kind: string; count: number }[];
    };
    expect(results).toMatchObject({ exhaustive: true, violations: [{ kind: 'duplicate', count: 2 }] });
    const replay = /replay: npx sim (explore .+)$/m.exec(run.stdout)?.[1] ?? '';
    expect(replay).not.toContain('--family');
    const again = await runCli(replay.split(' '), folder);
    expect(again.stdout).toMatch(/act-1 took effect 2 times/);
  }, 240_000);
});

describe('a module two families could claim, or none: one line on stderr, exit 2', () => {
  it('a module exporting both a graph and an agent names both families and --family', async () => {
    const file = join(folder, 'both.ts');
    writeFileSync(file, "export const name = 'both';\nexport function agent() {}\nexport function graph() {}\n");
    const run = await sim(['table', '--protocol', file]);
    expect({ code: run.code, stdout: run.stdout, oneLine: oneLine(run) }).toEqual({ code: 2, stdout: '', oneLine: true });
    expect(run.stderr).toBe(
      `sim: ${file} could be a module of the langgraph or the openai-agents family: give --family langgraph or --family openai-agents\n`,
    );
  });

  it("a module no family claims is refused by the default family's rule, with what each claiming family's modules export", async () => {
    const file = join(folder, 'neither.ts');
    writeFileSync(file, "export const name = 'neither';\nexport function agents() {}\n");
    const run = await sim(['table', '--protocol', file]);
    expect({ code: run.code, stdout: run.stdout, oneLine: oneLine(run) }).toEqual({ code: 2, stdout: '', oneLine: true });
    expect(run.stderr).toMatch(/^sim: .*neither\.ts exports no protocol: export default .*; no family claims it as its own \(/);
    expect(run.stderr).toContain("the openai-agents family's modules export agent({ effects, humans, conversation })");
    expect(run.stderr).toContain('name it with --family\n');
  });

  it('modules of two families in one command: one family at a time', async () => {
    const graph = join(import.meta.dirname, '..', '..', 'sim', 'families', 'langgraph', 'fixtures', 'my-graph.ts');
    const run = await sim(['table', '--protocol', MY_AGENTS, '--protocol', graph]);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toBe('sim: the modules named belong to different families (openai-agents, langgraph): run one family at a time\n');
  });
});
