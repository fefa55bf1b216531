import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { buildProgram } from './main.js';
import { readDoc } from '../testing/doc-pages.js';

/** The page that holds the synopsis block a user reads before `--help`. */
const COMMANDS_PAGE = readDoc('docs/reference/commands.md');
/** Commands whose options the synopsis block lists; `sim handover` has subcommands and its own section. */
const WITH_SYNOPSIS = ['list', 'table', 'run', 'check', 'explore', 'show', 'report', 'stress', 'serve', 'probe', 'eval'];

/** docs/reference/commands.md's synopsis block under "## Commands": command name → every --option it names (continuation lines included). */
function synopsis(): Map<string, Set<string>> {
  const block = /## Commands\n\n```\n([\s\S]*?)```/.exec(COMMANDS_PAGE)?.[1];
  if (!block) throw new Error('docs/reference/commands.md has no synopsis block under ## Commands');
  const options = new Map<string, Set<string>>();
  let current = '';
  for (const line of block.split('\n')) {
    const named = /^sim (\w+)/.exec(line);
    if (named) current = named[1]!;
    else if (!/^\s/.test(line)) continue;
    const found = options.get(current) ?? new Set<string>();
    for (const option of line.matchAll(/--[a-z][a-z-]*/g)) found.add(option[0]);
    options.set(current, found);
  }
  return options;
}

/** The synopsis block: command name → each `--option a|b` it shows with literal values (placeholders are upper case). */
function shownValues(): { command: string; option: string; values: string[] }[] {
  const block = /## Commands\n\n```\n([\s\S]*?)```/.exec(COMMANDS_PAGE)![1]!;
  const shown = [];
  let current = '';
  for (const line of block.split('\n')) {
    current = /^sim (\w+)/.exec(line)?.[1] ?? current;
    for (const match of line.matchAll(/(--[a-z][a-z-]*) ([a-z][a-z-]*(?:\|[a-z][a-z-]*)*)(?=[\s\]]|$)/g)) {
      shown.push({ command: current, option: match[1]!, values: match[2]!.split('|') });
    }
  }
  return shown;
}

/** Every output format some command takes. */
const FORMATS = ['text', 'markdown', 'json', 'junit'];

const silent: Io = { stdout: () => {}, stderr: () => {}, cwd: '/', isTty: false };

describe('the synopsis in docs/reference/commands.md', () => {
  it('lists exactly the options each command declares (hidden aliases aside), and every command', async () => {
    const program = await buildProgram(silent, () => {});
    const shown = synopsis();
    expect([...shown.keys()].filter((name) => name !== 'handover').sort()).toEqual([...WITH_SYNOPSIS].sort());
    for (const name of WITH_SYNOPSIS) {
      const command = program.commands.find((candidate) => candidate.name() === name);
      const declared = command!.options.filter((option) => !option.hidden).map((option) => option.long!);
      expect([...shown.get(name)!].sort(), `sim ${name}`).toEqual([...new Set(declared)].sort());
    }
  });

  it("each command's --help names every option it takes", async () => {
    const program = await buildProgram(silent, () => {});
    for (const name of WITH_SYNOPSIS) {
      const command = program.commands.find((candidate) => candidate.name() === name)!;
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      for (const option of command.options.filter((candidate) => !candidate.hidden))
        expect(help, `sim ${name} --help`).toContain(option.long!);
    }
  });

  it('says each default once: in its text or as commander prints a declared one, never both', async () => {
    const program = await buildProgram(silent, () => {});
    for (const command of program.commands) {
      for (const option of command.options) {
        if (option.defaultValue === undefined) continue;
        expect(option.description, `sim ${command.name()} ${option.long}`).not.toMatch(/\(default[ :]/);
      }
    }
  });

  it('accepts each value it shows for an option (`--format text|json`), and no format it does not show', async () => {
    const program = await buildProgram(silent, () => {});
    const shown = shownValues();
    expect(shown.filter((entry) => entry.option === '--format').length).toBe(WITH_SYNOPSIS.length);
    for (const { command: name, option: long, values } of shown) {
      const option = program.commands.find((candidate) => candidate.name() === name)!.options.find((o) => o.long === long);
      expect(option?.parseArg, `sim ${name} ${long} checks its value`).toBeDefined();
      for (const value of values) expect(() => option!.parseArg!(value, undefined), `sim ${name} ${long} ${value}`).not.toThrow();
      if (long !== '--format') continue;
      for (const other of FORMATS.filter((format) => !values.includes(format))) {
        expect(() => option!.parseArg!(other, undefined), `sim ${name} --format ${other}`).toThrow();
      }
    }
  });

  it('gives an option the same short flag in every command that takes it (`-f, --format` in all of them)', async () => {
    const program = await buildProgram(silent, () => {});
    const shortOf = new Map<string, Map<string, string>>();
    type Commands = typeof program.commands;
    const everyCommand = (commands: Commands): Commands => commands.flatMap((command) => [command, ...everyCommand(command.commands)]);
    for (const command of everyCommand(program.commands)) {
      for (const option of command.options.filter((candidate) => !candidate.hidden && candidate.long)) {
        const seen = shortOf.get(option.long!) ?? new Map<string, string>();
        seen.set(command.name(), option.short ?? '(none)');
        shortOf.set(option.long!, seen);
      }
    }
    for (const [long, byCommand] of shortOf) {
      const shorts = new Set(byCommand.values());
      expect(shorts.size, `${long}: ${JSON.stringify(Object.fromEntries(byCommand))}`).toBe(1);
    }
  });
});
