import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HEARTBEAT_ENV, WATCHED_FAMILY_ENV } from '../engine/heartbeat.js';
import { runChild } from './children.js';
import { compiledEntry } from './entry-path.js';

/** Starting node and loading the protocol module (through tsx for TypeScript) before the first life: not the protocol's time. */
const STARTUP_MS = 15_000;
/** After the command said it ended, how long a timer the protocol left may keep the process alive. */
const LINGER_MS = 2_000;

/** Node's exit code for a top-level await that can never settle. */
const UNSETTLED_EXIT_CODE = 13;

const SIM = compiledEntry(new URL('../../entry/sim.js', import.meta.url));

/** How a watched command ended: its own exit code, or why the watchdog stopped it (one line). */
export type WatchedEnd = { code: number; problem?: undefined } | { code: 1; problem: string };

/**
 * Runs a whole `sim` command in a child process with a watchdog, for a
 * command that runs a user's protocol in its own process (`sim check
 * --protocol FILE`): the child appends a heartbeat at every life and every
 * call of a user's model (and while such a call is pending), and a child
 * silent for longer than `lifeTimeoutMs` (a loop, a promise that never
 * settles) is killed. A child that ends without saying it ended
 * (the protocol called process.exit, or it died) is reported too. The
 * child's output streams through as it comes.
 */
export async function runWatched(
  argv: readonly string[],
  options: { lifeTimeoutMs: number; subject: string; family?: string; cwd: string; stdout(text: string): void; stderr(text: string): void },
): Promise<WatchedEnd> {
  const folder = mkdtempSync(join(tmpdir(), 'cutpoint-watch-'));
  const beats = join(folder, 'heartbeat');
  let seenBytes = 0;
  let deadline = performance.now() + STARTUP_MS + options.lifeTimeoutMs;
  const lines = () => readFileSync(beats, 'utf8').trimEnd().split('\n');
  const lastBeat = () => lines().at(-1) ?? '';
  try {
    const exit = await runChild(SIM, argv, 0, {
      env: { [HEARTBEAT_ENV]: beats, ...(options.family === undefined ? {} : { [WATCHED_FAMILY_ENV]: options.family }) },
      cwd: options.cwd,
      stream: { stdout: options.stdout, stderr: options.stderr },
      deadline: () => {
        const size = statSync(beats, { throwIfNoEntry: false })?.size ?? 0;
        if (size !== seenBytes) {
          seenBytes = size;
          deadline = performance.now() + (lastBeat().startsWith('end ') ? LINGER_MS : options.lifeTimeoutMs);
        }
        return deadline;
      },
    });
    const beat = statSync(beats, { throwIfNoEntry: false }) ? lastBeat() : '';
    const ended = /^end (\d+)$/.exec(beat);
    // It finished and said so; a timer left running after that is the protocol's, and only delays the exit.
    if (ended) return { code: Number(ended[1]) };
    const place = beat ? whereInRun(lines()) : '';
    const where = place ? ` in ${place}` : beat ? '' : ' before its first life';
    // Its last words were that it called the model: respond() holds the thread (a pending promise would have said so every 250 ms).
    if (exit.timedOut && beat === 'model call')
      return {
        code: 1,
        problem: `${options.subject}: a call to respond() did not return within ${options.lifeTimeoutMs} ms${where} and blocked the process (a synchronous loop; an awaited call is stopped by --model-timeout-ms instead); stopped. --life-timeout-ms sets the limit`,
      };
    if (exit.timedOut)
      return {
        code: 1,
        problem: `${options.subject}: a life did not end within ${options.lifeTimeoutMs} ms${where} (it loops, or awaits a promise that never settles); stopped. --life-timeout-ms sets the limit`,
      };
    // Node exits 13 when nothing is left to run but a top-level await: a life awaited a promise nothing will settle.
    if (exit.code === UNSETTLED_EXIT_CODE)
      return { code: 1, problem: `${options.subject}: a life awaits a promise that never settles${where}; stopped` };
    const how = exit.signal ? `was killed by ${exit.signal}` : `ended the process itself (exit code ${exit.code})`;
    return {
      code: 1,
      problem: `${options.subject} ${how}${where}, before the command ended; a protocol or policy must not end the process`,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The run (of `sim check`) and the life of it the last heartbeats name: a life of an earlier run is not this run's. */
function whereInRun(beats: readonly string[]): string {
  const reversed = [...beats].reverse();
  const run = reversed.findIndex((line) => line.startsWith('run '));
  const life = reversed.slice(0, run === -1 ? undefined : run).find((line) => line.startsWith('life '));
  return [run === -1 ? undefined : reversed[run], life].filter(Boolean).join(', ');
}
