import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';

/** The built bin, compiled by the tests' global setup (build-dist.ts). */
export const SIM_BIN = join(process.cwd(), 'dist', 'entry', 'sim.js');

export interface SpawnedSim {
  /** null when the time limit killed it: a hang. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `sim` bin as a user would, in its own process, killed after
 * `timeoutMs`: an input that would block a read forever (a named pipe) must
 * not block the test runner with it. The limit is the tests' own
 * (vitest.config.ts): a command of a few seconds takes tens while two test
 * files share a loaded 2-core machine.
 */
export function spawnSim(argv: readonly string[], cwd: string, timeoutMs = 60_000): SpawnedSim {
  const run = spawnSync(process.execPath, [SIM_BIN, ...argv], { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The same, without blocking the test's event loop, with the wall time it took: for commands that run for seconds.
 * `env` adds variables to the test's own environment.
 */
export function spawnSimAsync(
  argv: readonly string[],
  cwd: string,
  timeoutMs = 60_000,
  env: Record<string, string> = {},
): Promise<SpawnedSim & { ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SIM_BIN, ...argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const limit = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}
