import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedRow, tableRun } from '../../sim/cli/testing/table-run.js';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { rowsIn } from '../../sim/families/openai-agents/testing/rows-in.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const folder = tempFolder('openai-agents-cli');
const MY_AGENTS = join(import.meta.dirname, '..', '..', 'sim', 'families', 'openai-agents', 'fixtures', 'my-agents.ts');

describe('sim table --family openai-agents', () => {
  it('in kill mode, a process killed after the ticket and before the final save leaves two tickets in human-queue.db', async () => {
    const { runFolder, results, stdout } = await tableRun(folder, [
      '--family',
      'openai-agents',
      '--protocol',
      'ticket-without-key',
      '--cut',
      'state-save',
      '--crash-mode',
      'kill',
    ]);
    expect(printedRow(stdout, 'ticket-without-key')).toEqual(['1', '2', '2']);
    expect(rowsIn(join(runFolder, 'ticket-without-key', 'cut-2', 'human-queue.db'), 'tickets')).toBe(2);
    expect(results.cells).toHaveLength(1);
  }, 120_000);

  it("runs a user's module on its own script, and judges it: two cancellations after a lost reply is exit 1", async () => {
    const { code, stdout, stderr } = await runCli(
      ['table', '--out', join(folder, 'runs'), '--family', 'openai-agents', '--protocol', MY_AGENTS, '--cut', 'effect-applied'],
      folder,
    );
    expect(stderr).toBe('');
    expect(printedRow(stdout, 'my-agents')).toEqual(['2', '0', '2']);
    expect(code).toBe(1);
  }, 60_000);

  it('a module without agents is one line on stderr and exit 2', async () => {
    const file = join(folder, 'no-agents.ts');
    writeFileSync(file, "export const name = 'no-agents';\n");
    const { code, stdout, stderr } = await runCli(['table', '--out', join(folder, 'runs'), '--family', 'openai-agents', '--protocol', file], folder);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(`sim: ${file} exports no agents: export function agent({ effects, humans, conversation }) returning your entry Agent\n`);
  });
});
