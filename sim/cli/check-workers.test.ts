import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEDULE_TRACE_ENV, type ScheduleEvent } from '../check/schedule-trace.js';
import { alive, liveChildren, type LiveProcess } from '../testing/live-children.js';
import { SIM_BIN } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const REPO = resolve(import.meta.dirname, '../..');
const cwd = tempFolder('check-workers');
const started: ChildProcess[] = [];
let traces = 0;

afterEach(() => {
  // A failed assertion must not leave a long check behind.
  for (const sim of started.splice(0)) if (sim.exitCode === null && sim.signalCode === null) sim.kill('SIGKILL');
});

/**
 * The live worker processes of the checks started in this file: processes
 * running the worker entry among the descendants of each started sim (a
 * watched child's workers are its grandchildren). Looked up by parent pid
 * and entry, never by the check's data: workers started ahead of the plan
 * get it over their channel, not on their command line.
 */
function workers(generation: 'children' | 'grandchildren' | 'any' = 'any'): number[] {
  const below = (pid: number, depth: number): (LiveProcess & { depth: number })[] =>
    liveChildren(pid, '').flatMap((child) => [{ ...child, depth }, ...below(child.pid, depth + 1)]);
  const depths = { children: [1], grandchildren: [2], any: [1, 2, 3] }[generation];
  return started
    .flatMap((sim) => (sim.pid === undefined ? [] : below(sim.pid, 1)))
    .filter((process) => process.commandLine.includes('check-worker.js') && depths.includes(process.depth))
    .map((process) => process.pid);
}

/** Waits (bounded) until `ready` holds: a real process needs a moment to start or to die. */
async function until(ready: () => boolean, what: string, triesMax = 500): Promise<void> {
  for (let tries = 0; tries < triesMax; tries++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** The real bin in a process group of its own (as a terminal runs a command), its output collected. */
function startSim(argv: readonly string[]) {
  // Its schedule traced: the one outside sign that its workers have their data and run chunks.
  const trace = join(cwd, `schedule-${traces++}.jsonl`);
  const sim = spawn(process.execPath, [SIM_BIN, ...argv], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, [SCHEDULE_TRACE_ENV]: trace },
  });
  started.push(sim);
  let stdout = '';
  let stderr = '';
  sim.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  sim.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    sim.once('close', (code, signal) => resolve({ code, signal })),
  );
  /** How many processes of the check have begun a chunk. */
  const running = () => {
    const lines = existsSync(trace) ? readFileSync(trace, 'utf8').trim().split('\n') : [];
    const events = lines.filter(Boolean).map((line) => JSON.parse(line) as ScheduleEvent);
    return new Set(events.filter((event) => event.event === 'chunk-start').map((event) => event.pid)).size;
  };
  return { sim, exited, stdout: () => stdout, stderr: () => stderr, running };
}

/** A check long enough (minutes) that the signal surely comes while both workers run chunks (beside the parent: --jobs 3). */
// Its scratch folder in this file's folder: a SIGKILLed parent cannot remove it, and /dev/shm would keep it until a reboot.
mkdirSync(join(cwd, 'scratch'));
const LONG = [
  'check',
  'dedup-safety',
  '--runs',
  '100000',
  '--seed',
  '1',
  '--jobs',
  '3',
  '--store',
  'memory',
  '--out',
  'runs',
  '--scratch',
  'scratch',
];

describe(
  'sim check --jobs N runs its chunks in this process and N - 1 worker processes, which never outlive it',
  { timeout: 120_000 },
  () => {
    it('--jobs 3: two workers run chunks beside the parent, their progress reaches it, and they are gone when it ends', async () => {
      const run = startSim(['check', 'dedup-safety', '--runs', '1000', '--seed', '1', '--jobs', '3', '--store', 'memory', '--out', 'runs']);
      let seen = 0;
      await until(() => (seen = Math.max(seen, workers().length)) === 2 || run.sim.exitCode !== null, 'two worker processes ran');
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(seen).toBe(2);
      // Each tenth of the progress is drawn once, whichever process ran the runs (the workers' came over their channels).
      expect(run.stderr().match(/^dedup-safety: \d+\/1000 runs, \d+ runs\/s$/gm)).toHaveLength(9);
      expect(run.stdout()).toMatch(/1\/1 properties passed \(seed 1\)\.\n1000 runs in [\d.]+ s, \d+ runs\/s with 3 jobs\./);
      expect(workers()).toEqual([]);
    });

    it('the parent SIGKILLed: both workers die too', async () => {
      const run = startSim(LONG);
      await until(() => workers().length === 2, 'two worker processes ran');
      const pids = workers();
      run.sim.kill('SIGKILL');
      expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // By their pids: an orphan is reparented, so it is not the dead parent's child.
      await until(() => pids.every((pid) => !alive(pid)), `the workers ${pids.join(', ')} died with their parent`);
    });

    it.each(['SIGINT', 'SIGTERM'] as const)(
      '%s to the whole group (Ctrl-C): the workers are killed and reaped, one line, no stack',
      async (signal) => {
        const run = startSim(LONG);
        await until(() => workers().length === 2 && run.running() === 3, 'the workers were under way');
        process.kill(-run.sim.pid!, signal);
        expect(await run.exited).toEqual({ code: signal === 'SIGINT' ? 130 : 143, signal: null });
        const last = run.stderr().trimEnd().split('\n').at(-1);
        expect(last).toMatch(new RegExp(`^sim: interrupted by ${signal}; dedup-safety: \\d+/100000 done; `));
        // The workers were started before the scratch folder was made: undone in reverse order, they are said last.
        expect(last).toMatch(/; scratch folder \S+ removed; 2 sim check worker process\(es\) killed and reaped$/);
        expect(run.stderr()).not.toMatch(/\n\s+at /);
        expect(workers()).toEqual([]);
      },
    );

    it('a protocol file that loops in a worker: the watchdog stops the command, and no worker is left looping', async () => {
      const loops = join(REPO, 'fixtures/misbehaving/loops.ts');
      const run = startSim([
        'check',
        'dedup-safety',
        '--protocol',
        loops,
        '--runs',
        '300',
        '--seed',
        '1',
        '--jobs',
        '3',
        '--life-timeout-ms',
        '3000',
      ]);
      // The watched child started its two workers, and the loop is in one of them (the third chunk's loop in the child itself).
      // Its own (the parent's, started ahead of reading the options, are stopped once it knows the protocol is a file).
      await until(() => workers('grandchildren').length === 2, 'the watched child started two workers');
      const pids = workers('grandchildren');
      expect(await run.exited).toEqual({ code: 1, signal: null });
      expect(run.stderr()).toMatch(/protocol loops: a life did not end within 3000 ms in run \d+ of dedup-safety, life \d+/);
      await until(() => pids.every((pid) => !alive(pid)), 'the looping worker died with the watched child');
    });
  },
);
