import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { RUNS_MAX } from '../engine/limits.js';
import { tempFolder } from '../testing/temp-folder.js';
import { buildProgram, main } from './main.js';
import type { WholeNumberParser } from './options.js';

const root = tempFolder('option-bounds');
const io = (sink: { out: string; err: string }) => ({
  stdout: (text: string) => void (sink.out += text),
  stderr: (text: string) => void (sink.err += text),
  cwd: root,
  isTty: false,
});

/** Every option of every command whose value is a whole number, with the bounds its parser enforces. */
async function numericOptions(): Promise<{ command: string; flags: string; help: string; min: number; max: number }[]> {
  const program: Command = await buildProgram(io({ out: '', err: '' }), () => undefined);
  return program.commands.flatMap((command) =>
    command.options.flatMap((option) => {
      const range = (option.parseArg as Partial<WholeNumberParser> | undefined)?.range;
      return range && !option.hidden ? [{ command: command.name(), flags: option.flags, help: command.helpInformation(), ...range }] : [];
    }),
  );
}

describe('every numeric option has a maximum, shown in --help, and a value above it is one line and exit 2', () => {
  it('each numeric option of each command shows its range in its command --help', async () => {
    const options = await numericOptions();
    // Among them the ones a run's length grows with, so a command added without a bound fails here.
    const seen = options.map((option) => `${option.command} ${option.flags}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'check -n, --runs <n>',
        'check -j, --jobs <n>',
        'explore -w, --workers <w>',
        'explore --executions-max <n>',
        'stress -t, --trials <T>',
        'probe --timeout-ms <ms>',
        'serve --retention-ms <ms>',
      ]),
    );
    for (const option of options) {
      expect([option.command, option.flags, option.help.replace(/\s+/g, ' ').includes(`(${option.min}-${option.max})`)]).toEqual([
        option.command,
        option.flags,
        true,
      ]);
    }
  });

  it('sim check --runs above RUNS_MAX (1000000000) is refused with the maximum; RUNS_MAX itself parses', async () => {
    const sink = { out: '', err: '' };
    const code = await main(['check', '--runs', '1000000000', '--list'], io(sink));
    expect(code).toBe(2);
    expect(sink.err).toBe(
      `sim: option '-n, --runs <n>' argument '1000000000' is invalid. runs must be a whole number from 1 to ${RUNS_MAX}; got '1000000000'.\n`,
    );
    const atMax = { out: '', err: '' };
    expect(await main(['check', '--runs', String(RUNS_MAX), '--list'], io(atMax))).toBe(0);
  });

  it('a value one above each maximum is exit 2 with one line naming the maximum, before anything runs', async () => {
    for (const option of await numericOptions()) {
      const sink = { out: '', err: '' };
      const flag = option.flags.split(/[ ,]+/).find((word) => word.startsWith('--'))!;
      const code = await main([option.command, flag, String(option.max + 1), '--help'], io(sink));
      expect([option.command, flag, code, sink.err.split('\n').length]).toEqual([option.command, flag, 2, 2]);
      expect(sink.err).toContain(`to ${option.max}; got '${option.max + 1}'`);
    }
  });
});
