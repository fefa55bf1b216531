import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { buildProgram } from './main.js';

/** README up to its "Speed" section: the part a new user copies commands from. */
const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8').split('\n## Speed\n')[0]!;

const silent: Io = { stdout: () => {}, stderr: () => {}, cwd: '/', isTty: false };

/** The words of a command line as a shell splits them (single and double quotes; no expansion). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/**
 * Every `sim …` command line of README's code blocks, as a user copies it: comments dropped, continued
 * lines joined, `<run-id>` filled in. The synopsis lines are checked by synopsis.test.ts.
 */
function blockCommands(): { line: string; words: string[] }[] {
  const commands = [];
  for (const block of README.matchAll(/```[a-z]*\n([\s\S]*?)```/g)) {
    const joined = block[1]!.replace(/\\\n\s*/g, ' ');
    for (const raw of joined.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      // A synopsis line has `[optional]` parts or placeholders (CASE_DIR, FILE): not a line to copy as it is.
      if (!/^(npx )?sim [a-z]/.test(line) || line.includes('[') || /\s[A-Z][A-Z_]+(\s|$)/.test(line)) continue;
      const words = shellWords(line.replace(/<run-id>/g, '20261202-000000-abcdef').replace(/^npx /, '')).slice(1);
      commands.push({ line, words });
    }
  }
  return commands;
}

/** A program whose commands parse their options and do nothing else. */
async function parseOnly(): Promise<Command> {
  const program = await buildProgram(silent, () => {});
  const quiet = (command: Command): void => {
    command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
    if (command !== program) command.action(() => {});
    for (const sub of command.commands) quiet(sub);
  };
  quiet(program);
  return program;
}

describe("README's commands", () => {
  it('finds the command lines it checks', () => {
    expect(blockCommands().length).toBeGreaterThan(40);
  });

  it('every `sim …` line of a code block parses with the real options: names, short flags and values', async () => {
    for (const { line, words } of blockCommands()) {
      const program = await parseOnly();
      await expect(program.parseAsync(words, { from: 'user' }), line).resolves.toBeDefined();
    }
  });

  it('every option an inline `sim <command> …` names is one that command declares', async () => {
    const program = await buildProgram(silent, () => {});
    for (const span of README.matchAll(/`(?:npx )?sim ([a-z]+)((?: [^`]*)?)`/g)) {
      let command = program.commands.find((candidate) => candidate.name() === span[1]);
      expect(command, span[0]).toBeDefined();
      const words = shellWords(span[2]!);
      const sub = command!.commands.find((candidate) => candidate.name() === words[0]);
      if (sub) command = sub;
      const declared = new Set(command!.options.flatMap((option) => [option.long, option.short]).filter(Boolean));
      declared.add('--help');
      for (const word of words.filter((candidate) => /^--?[a-z]/.test(candidate))) {
        expect(declared.has(word.replace(/=.*$/, '')), `${span[0]}: ${word}`).toBe(true);
      }
    }
  });
});
