import type { HistoryEvent } from '../engine/history.js';
import type { CutHit } from '../engine/injector.js';
import { stderrGist, type ChildExit } from './children.js';

/**
 * How one child's life ended, judged by the parent from the exit status and
 * the events the child appended. Only a SIGKILL the parent did not send,
 * whose last durable event is the crash at the armed cut, counts as the fault
 * firing; any other death is reported as what it was.
 */
export type LifeVerdict =
  | { kind: 'killed-at-cut'; hit: CutHit }
  | { kind: 'completed' }
  | { kind: 'timed-out'; message: string }
  | { kind: 'died'; message: string };

export function classifyLife(
  exit: ChildExit,
  events: readonly HistoryEvent[],
  life: number,
  armedCut: string | null,
  timeoutMs: number,
  /** The child wrote its end file: its life completed. */
  saidCompleted: boolean,
): LifeVerdict {
  const who = `the child process of life ${life} (pid ${exit.pid})`;
  const last = events.at(-1);
  const lastCut = [...events].reverse().find((event) => event.type === 'cut')?.op;
  if (exit.timedOut) {
    const where = lastCut ? `its last cut was '${lastCut}'` : 'it reached no cut';
    return {
      kind: 'timed-out',
      message: `${who} did not finish within ${timeoutMs} ms (a loop, or a promise that never settles?) and was stopped by the watchdog (--life-timeout-ms); ${where}`,
    };
  }
  if (exit.signal === 'SIGKILL' && armedCut !== null && last?.type === 'crash' && last.op === armedCut) {
    return { kind: 'killed-at-cut', hit: { cut: last.op, worker: last.worker, life: last.life, atMs: last.atMs } };
  }
  if (exit.code === 0 && exit.signal === null && last?.type !== 'crash' && saidCompleted) return { kind: 'completed' };
  const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const said = stderrGist(exit.stderr);
  const where = last ? `; its last event was ${last.type} ${last.op}` : '; it recorded no event';
  return { kind: 'died', message: `${who} died otherwise: it ${how}${where}${said ? `: ${said}` : ''}` };
}
