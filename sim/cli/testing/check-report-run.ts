import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SweepsResults } from '../../results/sweeps-results.js';
import { runCli } from './run-cli.js';

/** Trials per sweep point in tests: enough for every series to show its shape, few enough to stay quick. */
export const TEST_SWEEP_TRIALS = 12;

/**
 * Runs `sim check control-no-dedup --runs 50 --seed 1 --report` in-process
 * under `<cwd>/runs` with small sweep points, and returns its run folder and
 * its sweeps.json as written. Fails loudly unless the run exits 0: a test
 * built on it starts from a real run.
 */
export async function checkReportRun(cwd: string): Promise<{ runFolder: string; sweeps: SweepsResults; stdout: string; stderr: string }> {
  const argv = ['check', 'control-no-dedup', '--runs', '50', '--seed', '1', '--store', 'memory', '--report'];
  const { code, stdout, stderr } = await runCli([...argv, '--sweep-trials', String(TEST_SWEEP_TRIALS), '--out', join(cwd, 'runs')], cwd);
  if (code !== 0) throw new Error(`sim check --report exited ${code}: ${stderr}`);
  const runFolder = resolve(cwd, (stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));
  const sweeps = JSON.parse(readFileSync(join(runFolder, 'sweeps.json'), 'utf8')) as SweepsResults;
  return { runFolder, sweeps, stdout, stderr };
}
