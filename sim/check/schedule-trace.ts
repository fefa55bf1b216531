import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The file a `sim check` and its workers append their schedule to, when a measurement asks (bench/check-pool-bench.ts). */
export const SCHEDULE_TRACE_ENV = 'CUTPOINT_CHECK_SCHEDULE';

const file = process.env[SCHEDULE_TRACE_ENV];

/** One line of the schedule: what happened, when on the wall clock (epoch ms), in which process, and its CPU time so far. */
export interface ScheduleEvent {
  event: 'origin' | 'spawn' | 'ready' | 'plan' | 'chunk-start' | 'chunk-end' | 'end';
  atMs: number;
  pid: number;
  cpuMs: number;
  /** The chunk, for chunk events. */
  chunk?: number;
  /** The worker processes started, for a spawn. */
  pids?: number[];
}

let originTold = false;

/**
 * Appends an event of the check's schedule to the trace file, a no-op unless
 * one is named: who ran which chunk from when to when, when a worker was
 * started and ready, and each process's CPU time, so that a measurement on a
 * loaded machine can tell work from waiting. Real time on purpose: this is a
 * timing measurement and decides nothing. Each process first says when it
 * started (its time origin), so the node start-up is seen too. Lines are
 * appended by several processes at once; each is one small write.
 */
export function traceSchedule(event: ScheduleEvent['event'], detail: Pick<ScheduleEvent, 'chunk' | 'pids'> = {}): void {
  if (file === undefined) return;
  const line = (what: ScheduleEvent['event'], atMs: number, more: Pick<ScheduleEvent, 'chunk' | 'pids'>) => {
    const cpu = process.cpuUsage();
    const record: ScheduleEvent = {
      event: what,
      atMs,
      pid: process.pid,
      cpuMs: (cpu.user + cpu.system) / 1000,
      ...more,
    };
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
  if (!originTold) line('origin', performance.timeOrigin, {});
  originTold = true;
  line(event, performance.timeOrigin + performance.now(), detail);
}
