import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SUITE_TEXT } from '../scenarios/handover/eval/default-suite.js';

/**
 * A generated suite of `count` scenarios: the default suite's hard cases,
 * round and round, each under an id of its own, and no thresholds.
 */
export function generatedSuite(count: number): string {
  const shapes = DEFAULT_SUITE_TEXT.trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id?: string })
    .filter((json) => json.id !== undefined);
  return Array.from({ length: count }, (_, n) => JSON.stringify({ ...shapes[n % shapes.length], id: `s${n + 1}` })).join('\n') + '\n';
}

/**
 * `sim eval handover` end to end on a generated suite, as a user runs it (a
 * new process). Wall time is the point here, so performance.now() is read,
 * outside any simulated run.
 */
export function evalBench(scratch: string, bin: string, count = 1_000): { ms: number; scenariosPerSecond: number } {
  const suite = join(scratch, `eval-suite-${count}.jsonl`);
  writeFileSync(suite, generatedSuite(count));
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, 'eval', 'handover', '--suite', suite, '--format', 'json'], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`sim eval failed (${result.status}): ${result.stderr}`);
  const scenarios = (JSON.parse(result.stdout) as { metrics: { scenarios: number } }).metrics.scenarios;
  if (scenarios !== count) throw new Error(`sim eval judged ${scenarios} scenarios, not ${count}`);
  return { ms, scenariosPerSecond: (count / ms) * 1000 };
}
