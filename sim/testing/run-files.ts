import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { HistoryEvent } from '../engine/history.js';

/** The events of a case's history.jsonl, as the file holds them. */
export function historyEvents(path: string): HistoryEvent[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HistoryEvent);
}

/** Receiver server processes (receiver-child.js) this process started that are still running: none may be left. */
export function receiverServersAlive(): string[] {
  return execFileSync('ps', ['-eo', 'ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('receiver-child.js') && Number(line.trim().split(/\s+/)[0]) === process.pid);
}
