import type { Intention } from '../../../protocols/reservation/types.js';
import type { ReceiverSettings } from '../../../protocols/receivers/types.js';
import type { JudgedRun } from '../../engine/family.js';
import type { HistoryEvent, JsonValue } from '../../engine/history.js';
import type { ReservationViolation } from './checks.js';

function field(value: JsonValue | undefined, name: string): JsonValue | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value[name] : undefined;
}

/**
 * Progress under the closed window: the warehouse promises to apply a
 * request issued within retentionMs of now, so a `stale` refusal is only
 * right for one older than that. N <= 1 and "done or reconciled" alone are
 * satisfied by a warehouse that refuses everything as stale; this check is
 * what such a warehouse fails. A stale reply is paired with its worker's last
 * invoke in the same life (a worker's calls are sequential), and its age is
 * taken from the oldest local record of that tenant and key, so a reused key
 * can only make the check more lenient, never raise a false alarm.
 */
export function staleOnlyWhenOld(
  trial: { intentions: readonly Intention[]; warehouse: ReceiverSettings },
  outcome: JudgedRun & { history: { all(): readonly HistoryEvent[] } },
): ReservationViolation | undefined {
  const { retentionMs } = trial.warehouse;
  const issued = new Map<string, number>();
  const rows = (outcome.state['orchestrator']?.['intentions'] ?? []) as { tenant: string; key: string; issued_at_ms: number }[];
  for (const row of rows) {
    const id = `${row.tenant}:${row.key}`;
    issued.set(id, Math.min(issued.get(id) ?? row.issued_at_ms, row.issued_at_ms));
  }
  const lastInvoke = new Map<string, string>();
  for (const event of outcome.history.all()) {
    if (event.op !== 'reserve') continue;
    const sender = `${event.life}/${event.worker}`;
    if (event.type === 'invoke') lastInvoke.set(sender, `${String(field(event.value, 'tenant'))}:${String(field(event.value, 'key'))}`);
    if (event.type !== 'fail' || field(event.value, 'status') !== 'stale') continue;
    const id = lastInvoke.get(sender) ?? '?';
    const issuedAtMs = issued.get(id);
    // A request this run recorded no intention for cannot be aged: it is not judged.
    if (retentionMs !== null && (issuedAtMs === undefined || event.atMs - issuedAtMs > retentionMs)) continue;
    return {
      kind: 'lost',
      intention: id,
      message: `${id} was refused as stale at ${event.atMs} ms, issued at ${issuedAtMs ?? '?'} ms: inside the ${retentionMs ?? 'unbounded'} ms window the warehouse promises to apply it`,
    };
  }
  return undefined;
}
