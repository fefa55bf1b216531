import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CheckResults } from '../sim/results/check-results.js';
import { SCHEDULE_TRACE_ENV } from '../sim/check/schedule-trace.js';
import { scheduleSummary, scheduleText, type ScheduleSummary } from './check-schedule.js';
import { cpuSecondsSoFar } from './cpu-time.js';

/** The built bin beside this file in dist/: each check is a command of its own, cold, as a user runs it. */
const SIM = fileURLToPath(new URL('../entry/sim.js', import.meta.url));

const ARGV = ['check', 'dedup-safety', '--runs', '1000', '--seed', '1'];

interface PoolRun {
  jobs: number;
  seconds: number;
  /** CPU seconds of the command and its worker processes: the work done, whatever the load. */
  cpuSeconds: number;
  runsPerSecond: number;
  document: CheckResults;
  /** Who ran which chunk when, read from the command's schedule trace. */
  schedule: ScheduleSummary;
}

/**
 * One `sim check` as a process of its own, timed on the wall clock (the point
 * of a bench), its JSON document kept. A process, not a call in this one: in
 * here --jobs 1 would run in a process whose JIT earlier rounds warmed,
 * against the workers' cold start, and a user's command starts cold either way.
 */
async function timedCheck(jobs: number, folder: string, round: number, nodeFlags: string[] = []): Promise<PoolRun> {
  const trace = join(folder, `schedule-${jobs}-${round}${nodeFlags.join('')}.jsonl`);
  const started = performance.now();
  const cpuBefore = cpuSecondsSoFar();
  // A failing check rejects here with its exit code: the bench measures a check that passes.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeFlags, SIM, ...ARGV, '--jobs', String(jobs), '--format', 'json', '--out', 'runs'],
    {
      cwd: folder,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, [SCHEDULE_TRACE_ENV]: trace },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSecondsSoFar() - cpuBefore;
  const document = JSON.parse(stdout) as CheckResults;
  const runs = document.properties.reduce((sum, property) => sum + property.runs, 0);
  return { jobs, seconds, cpuSeconds, runsPerSecond: runs / seconds, document, schedule: scheduleSummary(trace) };
}

/**
 * The machine's own ceiling for any pool: the same check as two independent
 * commands at once, `--jobs 1 --shard 1/2` and `--shard 2/2` (together they
 * run exactly the unsharded runs), with nothing shared between them, no
 * channel, no plan handed over. Timed until both end. Whatever a pool of
 * --jobs 2 loses against this is the pool's; what this loses against twice
 * --jobs 1 is the machine's (two busy processes slowing each other down).
 */
async function timedShards(folder: string): Promise<{ seconds: number; runsPerSecond: number }> {
  const started = performance.now();
  const documents = await Promise.all(
    ['1/2', '2/2'].map(async (shard) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [SIM, ...ARGV, '--jobs', '1', '--shard', shard, '--format', 'json', '--out', 'runs'],
        { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as CheckResults;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const runs = documents.reduce((sum, document) => sum + document.properties.reduce((all, property) => all + property.runs, 0), 0);
  return { seconds, runsPerSecond: runs / seconds };
}

/**
 * The ratio the two runs would show on two idle cores, estimated from what
 * depends less on the load than wall time: each runner's time is when it
 * began its first chunk, plus its chunks' CPU, plus its waits between
 * chunks; a run ends when its last runner does, plus the writing of results.
 * The start-ups are wall times (on a loaded machine they too are inflated).
 */
function boundFromCpu(one: PoolRun, two: PoolRun): number {
  const estimate = ({ schedule }: PoolRun) =>
    Math.max(...schedule.runners.map((runner) => runner.firstStartMs + runner.cpuMs + runner.gapsMs)) +
    (schedule.endMs - Math.max(...schedule.runners.map((runner) => runner.lastEndMs)));
  return estimate(one) / estimate(two);
}

/** The verdict fields of a document (no timings): --jobs must not change them. */
function verdicts(document: CheckResults): string {
  return JSON.stringify(document.properties.map(({ name, outcome, runs, tally, unfired }) => ({ name, outcome, runs, tally, unfired })));
}

/**
 * Property runs per second of `sim check` at --jobs 1 and --jobs 2, side by
 * side, alternating three times (the median of each), with
 * their ratio: the pool's target is at least 1.8× on two cores. The time
 * is a whole command's, node's start-up and the worker processes' included.
 */
export async function checkPoolBench(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cutpoint-check-pool-'));
  try {
    const samples: Record<number, PoolRun[]> = { 1: [], 2: [] };
    const shards: { seconds: number; runsPerSecond: number }[] = [];
    // --jobs 1 on one core: V8 compiles on threads of its own, so a lone --jobs 1 keeps more than one core busy.
    const oneCore: PoolRun[] = [];
    for (let round = 0; round < 3; round++) {
      for (const jobs of [1, 2]) samples[jobs]!.push(await timedCheck(jobs, folder, round));
      shards.push(await timedShards(folder));
      oneCore.push(await timedCheck(1, folder, round, ['--single-threaded']));
    }
    const apart = [...shards].sort((a, b) => a.runsPerSecond - b.runsPerSecond)[1]!;
    const median = (runs: PoolRun[]) => [...runs].sort((a, b) => a.runsPerSecond - b.runsPerSecond)[1]!;
    const one = median(samples[1]!);
    const two = median(samples[2]!);
    const single = median(oneCore);
    const same = [...samples[1]!, ...samples[2]!, ...oneCore].every((run) => verdicts(run.document) === verdicts(one.document));
    console.log(`\nsim ${ARGV.join(' ')} (median of 3, taken in turns)`);
    console.log(
      `  --jobs 1  ${one.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${one.seconds.toFixed(2).padStart(6)} s  ${one.cpuSeconds.toFixed(2).padStart(6)} s CPU`,
    );
    console.log(
      `  --jobs 2  ${two.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${two.seconds.toFixed(2).padStart(6)} s  ${two.cpuSeconds.toFixed(2).padStart(6)} s CPU`,
    );
    console.log(
      `  ratio     ${(two.runsPerSecond / one.runsPerSecond).toFixed(2)}x (target >= 1.8 on 2 cores); verdicts identical: ${same ? 'yes' : 'NO'}`,
    );
    console.log(
      `  two shards at once, --jobs 1 each  ${apart.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${apart.seconds.toFixed(2).padStart(6)} s: the machine's ceiling for any pool, ${(apart.runsPerSecond / one.runsPerSecond).toFixed(2)}x`,
    );
    const busy = one.cpuSeconds / one.seconds;
    console.log(
      `  --jobs 1 keeps ${busy.toFixed(2)} cores busy (CPU / wall), so two processes on 2 cores reach at most ${(2 / busy).toFixed(2)}x of it`,
    );
    console.log(
      `  --jobs 1 under node --single-threaded (one core: no compiler or GC threads)  ${single.runsPerSecond.toFixed(1).padStart(7)} runs/s  ${single.seconds.toFixed(2).padStart(6)} s; --jobs 2 against it ${(two.runsPerSecond / single.runsPerSecond).toFixed(2)}x`,
    );
    // What the wall time does not say under load: where each process was busy or waiting, and the work each did.
    for (const run of [one, two]) console.log(`  --jobs ${run.jobs}, the median run's schedule:\n${scheduleText(run.schedule)}`);
    const chunkCpu = (run: PoolRun) => run.schedule.runners.reduce((sum, runner) => sum + runner.cpuMs, 0) / 1000;
    console.log(
      `  CPU in chunks: --jobs 1 ${chunkCpu(one).toFixed(2)} s, --jobs 2 ${chunkCpu(two).toFixed(2)} s; the ratio's bound from CPU and waiting alone: ${boundFromCpu(one, two).toFixed(2)}x`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
