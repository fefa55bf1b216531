import type { HistoryEvent, JsonValue } from '../sim/engine/history.js';

function valueText(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}=${typeof inner === 'string' ? inner : JSON.stringify(inner)}`)
      .join(' ');
  }
  return JSON.stringify(value);
}

const LIFE_WORDS: Record<string, string> = {
  attempt: 'first attempt',
  recovery: 'recovery with fresh connections',
  quiet: 'faults stopped: restart with fresh connections and drain',
};

/** One history event as a readable line: virtual time, worker, what happened. */
export function timelineLine(event: HistoryEvent): string {
  const time = `${event.atMs}ms`.padStart(9);
  const worker = event.worker.padEnd(8);
  switch (event.type) {
    case 'life':
      return `${time}  ── life ${event.life}: ${LIFE_WORDS[event.op] ?? event.op} ──`;
    case 'idle':
      return `${time}  ${worker}  … idle until ${valueText(event.value)}ms (${event.op})`;
    case 'crash':
      return `${time}  ${worker}  ✗ CRASH at ${event.op}`;
    case 'cut':
      return `${time}  ${worker}  · cut ${event.op}`;
    case 'invoke':
    case 'ok':
    case 'fail':
    case 'info':
      return `${time}  ${worker}  ${event.type.padEnd(6)} ${event.op} ${valueText(event.value)}`.trimEnd();
  }
}

export function timeline(events: readonly HistoryEvent[]): string {
  return events.map(timelineLine).join('\n') + (events.length ? '\n' : '');
}
