import { writeSync } from 'node:fs';
import { History, type HistoryEvent } from '../engine/history.js';

/**
 * A history that also appends each event to a file the moment it is
 * recorded, with one write(2) per event. The bytes are in the kernel once the
 * call returns, so they survive the process being killed with SIGKILL on the
 * next line: what the file holds is exactly what happened before the kill.
 */
export class DurableHistory extends History {
  constructor(private readonly fd: number) {
    super();
  }

  override record(event: Omit<HistoryEvent, 'seq'>): void {
    super.record(event);
    writeSync(this.fd, JSON.stringify(this.all().at(-1)) + '\n');
  }
}
