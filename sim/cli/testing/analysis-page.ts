import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { runCli } from './run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** What an exploration's results.json says, as an analysis page's table shows it. */
interface ExploreResults {
  schedules: number;
  exhaustive: boolean;
  violations: { kind: string; count: number }[];
}

/**
 * The checks of a test that holds a page of docs/analyses/ to the commands it
 * prints: each command runs in this process under `cwd`, with its exit code,
 * and each table it prints must be in the page as printed.
 */
export function analysisPage(file: string, cwd: string) {
  const page = readFileSync(join(ROOT, 'docs', 'analyses', file), 'utf8');
  const out = join(cwd, 'runs');

  /** The page prints the command whose output a table is. */
  const printed = (command: string) => expect(page).toContain(`\`${command}\``);

  /** Runs a command the page prints; its exit code must be the page's too. */
  async function sim(argv: string[], code: number): Promise<string> {
    const run = await runCli([...argv, '--out', out], cwd);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code, argv.join(' ')).toBe(code);
    return run.stdout;
  }

  return {
    page,
    printed,
    sim,

    /** The versions table: each package as installed in this repository. */
    versions(names: readonly string[]): void {
      printed(`npm ls ${names.join(' ')}`);
      for (const name of names) {
        const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
        expect(page).toContain(`| ${name} | ${version} |`);
      }
    },

    /** A `sim table` the page prints (as `shown`, when its paths differ here): its table (the lines that start with `|`, `rows` of them) is in the page. */
    async table(argv: string[], code: number, rows: number, shown = `npx sim ${argv.join(' ')}`): Promise<void> {
      printed(shown);
      const table = (await sim(argv, code))
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .join('\n');
      expect(table.split('\n')).toHaveLength(rows);
      expect(page).toContain(table);
    },

    /** One row of an exploration table (`| protocol | schedules | violations | exhaustive | exit |`), from its results.json. */
    async exploreRow(argv: string[], protocol: string, code: number): Promise<string> {
      const stdout = await sim(argv, code);
      const folder = /^run folder: (.+)$/m.exec(stdout)?.[1] ?? '';
      const result = JSON.parse(readFileSync(resolve(cwd, folder, 'results.json'), 'utf8')) as ExploreResults;
      const violations = result.violations.map((group) => `${group.kind} in ${group.count}`).join(', ') || 'none';
      return `| ${protocol} | ${result.schedules} | ${violations} | ${result.exhaustive ? 'yes' : 'no'} | ${code} |`;
    },
  };
}

/** The head of an exploration table, as exploreRow's rows follow it. */
export const EXPLORE_TABLE_HEAD = ['| protocol | schedules | violations | exhaustive | exit |', '|---|--:|---|---|--:|'];
