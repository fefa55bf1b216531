import { readFileSync } from 'node:fs';
import type { ScheduleEvent } from '../sim/check/schedule-trace.js';

/** One process of a traced `sim check`: the command itself or a worker, and what its trace says it did. */
interface Runner {
  pid: number;
  /** Milliseconds from the command's process start. */
  originMs: number;
  spawnMs?: number;
  readyMs?: number;
  chunks: { chunk: number; startMs: number; endMs: number; cpuMs: number }[];
}

/** Where a traced `sim check`'s time went, in milliseconds from its process start (node's own start-up included). */
export interface ScheduleSummary {
  /** When the command started its worker(s), and when it had its plan and began its first chunk. */
  spawnMs?: number;
  planMs: number;
  endMs: number;
  runners: {
    who: string;
    originMs: number;
    readyMs?: number;
    chunks: number[];
    firstStartMs: number;
    lastEndMs: number;
    busyMs: number;
    cpuMs: number;
    /** Waiting between chunks (a reply not yet read, no chunk handed out yet). */
    gapsMs: number;
  }[];
}

/**
 * Reads the schedule a `sim check` traced (sim/check/schedule-trace.ts) into
 * a summary per process: which chunks it ran, how long it was busy on the
 * wall clock and on its CPU, and how long it waited. Busy CPU and waiting do
 * not depend on the load the way wall time does.
 */
export function scheduleSummary(file: string): ScheduleSummary {
  const events = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ScheduleEvent);
  const command = events[0]!;
  const zero = command.atMs;
  const byPid = new Map<number, Runner>();
  const open = new Map<number, ScheduleEvent>();
  let planMs = 0;
  let endMs = 0;
  let spawnMs: number | undefined;
  for (const event of events) {
    const at = event.atMs - zero;
    const runner = byPid.get(event.pid) ?? { pid: event.pid, originMs: at, chunks: [] };
    byPid.set(event.pid, runner);
    if (event.event === 'spawn') spawnMs ??= at;
    if (event.event === 'ready') runner.readyMs = at;
    if (event.event === 'plan') planMs = at;
    if (event.event === 'end') endMs = at;
    if (event.event === 'chunk-start') open.set(event.pid, event);
    if (event.event === 'chunk-end') {
      const start = open.get(event.pid)!;
      runner.chunks.push({ chunk: event.chunk!, startMs: start.atMs - zero, endMs: at, cpuMs: event.cpuMs - start.cpuMs });
    }
  }
  const runners = [...byPid.values()]
    .filter((runner) => runner.chunks.length > 0)
    .map((runner) => {
      const busyMs = runner.chunks.reduce((sum, chunk) => sum + chunk.endMs - chunk.startMs, 0);
      const firstStartMs = runner.chunks[0]!.startMs;
      const lastEndMs = runner.chunks.at(-1)!.endMs;
      return {
        who: runner.pid === command.pid ? 'command' : `worker ${runner.pid}`,
        originMs: runner.originMs,
        ...(runner.readyMs === undefined ? {} : { readyMs: runner.readyMs }),
        chunks: runner.chunks.map((chunk) => chunk.chunk),
        firstStartMs,
        lastEndMs,
        busyMs,
        cpuMs: runner.chunks.reduce((sum, chunk) => sum + chunk.cpuMs, 0),
        gapsMs: lastEndMs - firstStartMs - busyMs,
      };
    });
  return { ...(spawnMs === undefined ? {} : { spawnMs }), planMs, endMs, runners };
}

/** The summary as a few lines for the bench's output. */
export function scheduleText(summary: ScheduleSummary): string {
  const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)}`);
  const head = `    ms from process start: workers spawned ${ms(summary.spawnMs)}, plan ${ms(summary.planMs)}, results written ${ms(summary.endMs)}`;
  const lines = summary.runners.map(
    (runner) =>
      `    ${runner.who.padEnd(13)} node start ${ms(runner.originMs).padStart(5)}, ready ${ms(runner.readyMs ?? runner.firstStartMs).padStart(5)}, chunks ${runner.chunks.join(',').padEnd(12)} ${ms(runner.firstStartMs).padStart(5)}-${ms(runner.lastEndMs).padStart(5)}: busy ${ms(runner.busyMs)} ms (CPU ${ms(runner.cpuMs)}), waiting ${ms(runner.gapsMs)} between chunks, ${ms(summary.endMs - runner.lastEndMs)} at the end`,
  );
  return [head, ...lines].join('\n');
}
