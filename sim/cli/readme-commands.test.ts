import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { buildProgram } from './main.js';
import { docPages } from '../testing/doc-pages.js';

/** README and the docs pages a user copies commands from (not the history logs, not the generated reference). */
const PAGES = docPages();

const silent: Io = { stdout: () => {}, stderr: () => {}, cwd: '/', isTty: false };

/** The words of a command line as a shell splits them (single and double quotes; no expansion). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/**
 * Every `sim …` command line of the pages' code blocks, as a user copies it: comments dropped, continued
 * lines joined, `<run-id>` filled in. The synopsis lines are checked by synopsis.test.ts.
 */
function blockCommands(): { line: string; words: string[] }[] {
  const commands = [];
  for (const block of PAGES.flatMap(({ text }) => [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)])) {
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

describe('the commands of README and docs/', () => {
  it('finds the command lines it checks, README among the pages', () => {
    expect(PAGES.map(({ path }) => path)).toContain('README.md');
    expect(PAGES.length).toBeGreaterThan(20);
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
    for (const [path, span] of PAGES.flatMap(({ path, text }) =>
      [...text.matchAll(/`(?:npx )?sim ([a-z]+)((?: [^`]*)?)`/g)].map((found) => [path, found] as const),
    )) {
      let command = program.commands.find((candidate) => candidate.name() === span[1]);
      expect(command, `${path}: ${span[0]}`).toBeDefined();
      const words = shellWords(span[2]!);
      const sub = command!.commands.find((candidate) => candidate.name() === words[0]);
      if (sub) command = sub;
      const declared = new Set(command!.options.flatMap((option) => [option.long, option.short]).filter(Boolean));
      declared.add('--help');
      for (const word of words.filter((candidate) => /^--?[a-z]/.test(candidate))) {
        expect(declared.has(word.replace(/=.*$/, '')), `${path}: ${span[0]}: ${word}`).toBe(true);
      }
    }
  });
});
