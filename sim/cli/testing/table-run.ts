import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TableResults } from '../../results/table-results.js';
import { runCli } from './run-cli.js';

/**
 * Runs `sim table` in-process under `<cwd>/runs` (extra arguments appended,
 * e.g. --chart) and returns its run folder and its results.json as written.
 * Fails loudly unless the run exits 0: a test built on it starts from a real,
 * matching run.
 */
export async function tableRun(
  cwd: string,
  extra: readonly string[] = [],
): Promise<{ runFolder: string; results: TableResults; stdout: string }> {
  const { code, stdout, stderr } = await runCli(['table', '--out', join(cwd, 'runs'), ...extra], cwd);
  if (code !== 0) throw new Error(`sim table exited ${code}: ${stderr}`);
  const runFolder = resolve(cwd, (stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));
  const results = JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as TableResults;
  return { runFolder, results, stdout };
}

/** The cells of one protocol's row in a printed table (`| name | 1 | 2 |`), trimmed, the name left out. */
export function printedRow(stdout: string, protocol: string): string[] {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(`| ${protocol} `));
  return (line ?? '')
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim());
}
