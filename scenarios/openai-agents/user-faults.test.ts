import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { rowsIn } from '../../sim/families/openai-agents/testing/rows-in.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const folder = tempFolder('openai-agents-user-faults');
const FIXTURES = join(import.meta.dirname, '..', '..', 'sim', 'families', 'openai-agents', 'fixtures');

/** sim table on one of the fixture modules: the run folder it names, and what it printed. */
async function table(module: string) {
  const run = await runCli(['table', '--out', join(folder, 'runs'), '--protocol', join(FIXTURES, module)], folder);
  const runFolder = join(folder, /^run folder: (.+)$/m.exec(run.stdout)?.[1] ?? '(none)');
  return { ...run, runFolder, errors: run.stdout.split('\n').filter((line) => line.startsWith('error: ')) };
}

describe("a user's agents that fail their own way: an err cell of one line per case, never a stack or a hang", () => {
  it('a tool whose API throws: no effect in effects.db, and each case says which cut it could not reach', async () => {
    const run = await table('tool-throws.ts');
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.errors).toHaveLength(4);
    for (const line of run.errors) expect(line).toMatch(/^error: tool-throws cut \d \(\S+\): armed cut '\S+' was never reached/);
    // The armed cut at the save after the effect is reached at another save: the line says so rather than listing it as reached.
    expect(run.errors[2]).toContain("the run reached 'state-save' once, never at the hit the table arms");
    expect(rowsIn(join(run.runFolder, 'tool-throws', 'cut-1', 'effects.db'), 'effects')).toBe(0);
  }, 120_000);

  it('two agents that hand over to each other: the SDK ends the run, and every case is an err cell of one line', async () => {
    const run = await table('handoff-cycle.ts');
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.errors).toHaveLength(4);
    for (const line of run.errors) expect(line).not.toContain('\n');
  }, 120_000);
});
