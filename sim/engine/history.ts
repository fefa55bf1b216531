import { writeFileSync } from 'node:fs';
import { InputError } from './input-error.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Jepsen-style event types. An operation is an `invoke` followed by `ok`
 * (it happened), `fail` (it definitely did not) or `info` (the outcome is
 * unknown, e.g. the reply was lost in a crash). `cut`, `crash`, `life` and
 * `idle` are the harness's own events: a boundary reached, the crash injected
 * there, the start of a process life (the first attempt, a recovery, or the
 * quiet life after faults stop), and a worker letting virtual time pass.
 */
export const EVENT_TYPES = ['invoke', 'ok', 'fail', 'info', 'cut', 'crash', 'life', 'idle'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface HistoryEvent {
  seq: number;
  atMs: number;
  life: number;
  worker: string;
  type: EventType;
  op: string;
  value?: JsonValue;
}

/** The ordered events of one run. Deterministic: no wall-clock field anywhere. */
export class History {
  private readonly events: HistoryEvent[];

  /** A history that goes on from `earlier` (a run resumed at the start of a life): events are never changed once recorded. */
  constructor(earlier: readonly HistoryEvent[] = []) {
    this.events = [...earlier];
  }

  record(event: Omit<HistoryEvent, 'seq'>): void {
    const recorded: HistoryEvent = { seq: this.events.length, ...event };
    if (recorded.value === undefined) delete recorded.value;
    this.events.push(recorded);
  }

  all(): readonly HistoryEvent[] {
    return this.events;
  }

  toJsonl(): string {
    return this.events.map((event) => JSON.stringify(event)).join('\n') + (this.events.length ? '\n' : '');
  }

  writeJsonl(path: string): void {
    writeFileSync(path, this.toJsonl());
  }
}

/** A history.jsonl that is not one: names the file and the first bad line. */
export class HistoryFormatError extends InputError {}

/**
 * Reads history.jsonl text back into events, checking every line: anything
 * that is not a history event is a HistoryFormatError naming `source` and the line.
 */
export function parseHistory(text: string, source: string): HistoryEvent[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new HistoryFormatError(`${source}: line ${index + 1} is not JSON`);
      }
      // A line of `null`, a number or an array is JSON but no event: it must be an object before its fields are read.
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new HistoryFormatError(`${source}: line ${index + 1} is not a history event (not a JSON object)`);
      }
      const event = parsed as Partial<HistoryEvent>;
      const valid =
        typeof event.seq === 'number' &&
        typeof event.atMs === 'number' &&
        typeof event.life === 'number' &&
        typeof event.worker === 'string' &&
        typeof event.op === 'string' &&
        (EVENT_TYPES as readonly string[]).includes(event.type ?? '');
      if (!valid) throw new HistoryFormatError(`${source}: line ${index + 1} is not a history event`);
      return event as HistoryEvent;
    });
}
