import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { renderCliReference } from './cli-reference.js';
import type { Io } from './io.js';
import { buildProgram } from './main.js';

const PAGE = resolve(import.meta.dirname, '../../docs/reference/cli.md');
const silent: Io = { stdout: () => {}, stderr: () => {}, cwd: '/', isTty: false };

describe('docs/reference/cli.md', () => {
  it('is what `npm run docs:reference` writes from the program today (run it after changing a command)', async () => {
    const program = await buildProgram(silent, () => {});
    expect(readFileSync(PAGE, 'utf8')).toBe(renderCliReference(program));
  });

  it('names every command and every option the program declares, with its default', async () => {
    const program = await buildProgram(silent, () => {});
    const page = renderCliReference(program);
    const everyCommand = (command: Command): Command[] => command.commands.flatMap((sub) => [sub, ...everyCommand(sub)]);
    expect(everyCommand(program).length).toBeGreaterThan(10);
    for (const command of everyCommand(program)) {
      expect(page).toContain(`## sim ${command.parent === program ? '' : `${command.parent!.name()} `}${command.name()}\n`);
      for (const option of command.options.filter((candidate) => !candidate.hidden)) expect(page).toContain(`| \`${option.flags}\` |`);
    }
  });

  it('renders arguments, choices, defaults, a required option and the help text after the options', () => {
    const program = new Command('sim').description('the program');
    program
      .command('demo')
      .description('a demo command')
      .argument('[name...]', 'names to greet')
      .requiredOption('--who <name>', 'whom to greet')
      .addOption(new Option('--tone <tone>', 'how').choices(['warm', 'cold']).default('warm'))
      .option('--hidden-one', 'never shown')
      .addHelpText('after', '\nExit codes: 0 greeted; 2 bad input.');
    program.commands[0]!.options.find((option) => option.long === '--hidden-one')!.hideHelp();
    const page = renderCliReference(program);
    expect(page).toContain('## sim demo\n\n```\nsim demo [options] [name...]\n```\n\na demo command\n');
    expect(page).toContain('| `name...` | no | names to greet |');
    expect(page).toContain('| `--who <name>` | whom to greet (required) |  |');
    expect(page).toContain('| `--tone <tone>` | how. One of: `warm`, `cold`. | `"warm"` |');
    expect(page).not.toContain('--hidden-one');
    expect(page).toContain('```\nExit codes: 0 greeted; 2 bad input.\n```');
    expect(page).not.toContain('Usage: sim demo');
  });
});
