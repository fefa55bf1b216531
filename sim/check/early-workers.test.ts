import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.js';
import { alive, liveChildren } from '../testing/live-children.js';
import { SIM_BIN } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';
import { SCHEDULE_TRACE_ENV, type ScheduleEvent } from './schedule-trace.js';

const cwd = tempFolder('early-workers');
let traces = 0;

/** The real bin with its schedule traced (the one way to see, from outside, when its workers started and what they ran). */
function tracedSim(argv: readonly string[]) {
  const trace = join(cwd, `schedule-${traces++}.jsonl`);
  const run = spawnSync(process.execPath, [SIM_BIN, ...argv, '--out', 'runs'], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    killSignal: 'SIGKILL',
    env: { ...process.env, [SCHEDULE_TRACE_ENV]: trace },
  });
  let events: ScheduleEvent[] = [];
  try {
    events = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ScheduleEvent);
  } catch {
    // No trace at all: the assertions below say what is missing.
  }
  const command = events[0]?.pid;
  const at = (event: ScheduleEvent['event'], pid = command) => events.find((e) => e.event === event && e.pid === pid);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, events, command, at };
}

describe('sim check starts its workers before it builds its plan, and stops those it does not take', { timeout: 180_000 }, () => {
  it('--jobs 2: the worker starts before the plan, loads while the plan is built, and runs chunks from it', () => {
    const run = tracedSim(['check', 'dedup-safety', '--runs', '400', '--seed', '1', '--jobs', '2', '--store', 'memory']);
    expect(run.code).toBe(0);
    const spawn = run.at('spawn')!;
    const plan = run.at('plan')!;
    expect(spawn.pids).toHaveLength(1);
    const worker = spawn.pids![0]!;
    // Started ahead of the plan, and already a process of its own (its node had begun) before the plan was built.
    expect(spawn.atMs).toBeLessThan(plan.atMs);
    expect(run.at('origin', worker)!.atMs).toBeLessThan(plan.atMs);
    expect(run.at('ready', worker)).toBeDefined();
    const ranBy = (pid: number | undefined) => run.events.filter((e) => e.event === 'chunk-end' && e.pid === pid).map((e) => e.chunk);
    expect(ranBy(worker).length).toBeGreaterThan(0);
    expect([...ranBy(worker), ...ranBy(run.command)].sort()).toEqual([0, 1, 2, 3]);
    expect(run.stdout).toMatch(/1\/1 properties passed \(seed 1\)\.\n400 runs in [\d.]+ s, \d+ runs\/s with 2 jobs\./);
    expect(alive(worker)).toBe(false);
  });

  it('bad input the parse refuses starts no worker: exit 2, one line', () => {
    const run = tracedSim(['check', 'dedup-safety', '--runs', '1000', '--seed', '1', '--jobs', '2', '--store', 'paper']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.at('spawn')).toBeUndefined();
  });

  it('bad input found after the worker started (a store the family does not take): exit 2, one line, and the worker is gone', () => {
    const run = tracedSim(['check', '--family', 'plan', '--runs', '1000', '--seed', '1', '--jobs', '2', '--store', 'memory']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("sim: --store memory: the plan family's runs use file stores\n");
    const [worker] = run.at('spawn')!.pids!;
    expect(worker).toBeGreaterThan(0);
    expect(alive(worker!)).toBe(false);
    expect(run.at('plan')).toBeUndefined();
  });

  it('a shard of one chunk needs no worker after all: the one started is stopped, and the command runs alone', () => {
    const run = tracedSim(['check', 'dedup-safety', '--runs', '200', '--seed', '1', '--shard', '1/2', '--jobs', '2', '--store', 'memory']);
    expect(run.code).toBe(0);
    const [worker] = run.at('spawn')!.pids!;
    expect(run.at('ready', worker)).toBeUndefined();
    expect(run.events.filter((e) => e.event === 'chunk-end').map((e) => [e.pid, e.chunk])).toEqual([[run.command, 0]]);
    expect(run.stdout).toMatch(/with 1 job\./);
    expect(alive(worker!)).toBe(false);
  });

  it('in this process: main() returns with no worker left, whether the input was bad or needed none', async () => {
    const io = { stdout: () => undefined, stderr: () => undefined, cwd, isTty: false };
    const workers = () => liveChildren(process.pid, 'check-worker.js');
    expect(workers()).toEqual([]);
    expect(await main(['check', 'dedup-safety', '--runs', '1000', '--jobs', '2', '--store', 'paper'], io)).toBe(2);
    expect(workers()).toEqual([]);
    const shard = [
      'check',
      'dedup-safety',
      '--runs',
      '200',
      '--seed',
      '1',
      '--shard',
      '2/2',
      '--jobs',
      '2',
      '--store',
      'memory',
      '--out',
      'runs',
    ];
    expect(await main(shard, io)).toBe(0);
    expect(workers()).toEqual([]);
  });
});
