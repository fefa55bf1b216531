import '../entry/register.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Io } from '../sim/cli/io.js';
import { main } from '../sim/cli/main.js';
import type { CheckResults } from '../sim/results/check-results.js';

const ARGV = ['check', 'dedup-safety', '--runs', '1000', '--seed', '1'];

interface PoolRun {
  jobs: number;
  seconds: number;
  runsPerSecond: number;
  document: CheckResults;
}

/** One `sim check` in this process, timed on the wall clock (the point of a bench), its JSON document kept. */
async function timedCheck(jobs: number, folder: string): Promise<PoolRun> {
  let stdout = '';
  const io: Io = { stdout: (text) => (stdout += text), stderr: () => {}, cwd: folder, isTty: false };
  const started = performance.now();
  const code = await main([...ARGV, '--jobs', String(jobs), '--format', 'json', '--out', 'runs'], io);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`sim ${ARGV.join(' ')} --jobs ${jobs} exited ${code}`);
  const document = JSON.parse(stdout) as CheckResults;
  const runs = document.properties.reduce((sum, property) => sum + property.runs, 0);
  return { jobs, seconds, runsPerSecond: runs / seconds, document };
}

/** The verdict fields of a document (no timings): --jobs must not change them. */
function verdicts(document: CheckResults): string {
  return JSON.stringify(document.properties.map(({ name, outcome, runs, tally, unfired }) => ({ name, outcome, runs, tally, unfired })));
}

/**
 * Property runs per second of `sim check` at --jobs 1 and --jobs 2, side by
 * side in one process, alternating three times (the median of each), with
 * their ratio: the pool's target is at least 1.8× on two cores. The time
 * includes starting the worker processes, as a user's command pays it.
 */
export async function checkPoolBench(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cutpoint-check-pool-'));
  try {
    const samples: Record<number, PoolRun[]> = { 1: [], 2: [] };
    for (let round = 0; round < 3; round++) for (const jobs of [1, 2]) samples[jobs]!.push(await timedCheck(jobs, folder));
    const median = (runs: PoolRun[]) => [...runs].sort((a, b) => a.runsPerSecond - b.runsPerSecond)[1]!;
    const one = median(samples[1]!);
    const two = median(samples[2]!);
    const same = [...samples[1]!, ...samples[2]!].every((run) => verdicts(run.document) === verdicts(one.document));
    console.log(`\nsim ${ARGV.join(' ')} (median of 3, taken in turns)`);
    console.log(`  --jobs 1  ${one.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${one.seconds.toFixed(2).padStart(6)} s`);
    console.log(`  --jobs 2  ${two.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${two.seconds.toFixed(2).padStart(6)} s`);
    console.log(`  ratio     ${(two.runsPerSecond / one.runsPerSecond).toFixed(2)}x (target >= 1.8 on 2 cores); verdicts identical: ${same ? 'yes' : 'NO'}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
