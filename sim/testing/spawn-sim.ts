import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The built bin, compiled by the tests' global setup (build-dist.ts). */
export const SIM_BIN = join(process.cwd(), 'dist', 'sim', 'cli', 'bin.js');

export interface SpawnedSim {
  /** null when the time limit killed it: a hang. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `sim` bin as a user would, in its own process, killed after
 * `timeoutMs`: an input that would block a read forever (a named pipe) must
 * not block the test runner with it.
 */
export function spawnSim(argv: readonly string[], cwd: string, timeoutMs = 20_000): SpawnedSim {
  const run = spawnSync(process.execPath, [SIM_BIN, ...argv], { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
