import { BACKORDERED_PART, BLOCKED_TENANT, UNKNOWN_PART } from '../../../protocols/reservation/warehouse-refusals.js';
import type { Intention } from '../../../protocols/reservation/types.js';
import type { JudgedRun } from '../../engine/family.js';
import type { HistoryEvent, JsonValue } from '../../engine/history.js';
import { effectsOf, localRow, settledOnce, type ReservationViolation } from './checks.js';
import { intentionLabels } from './count-effects.js';

/** What the warehouse's rules say about an intention before it is sent: refused for good, refused for now, or applied. */
export function expectedRefusal(intention: Intention): 'definitive' | 'transient' | undefined {
  if (intention.tenant === BLOCKED_TENANT || intention.params.part === UNKNOWN_PART) return 'definitive';
  return intention.params.part === BACKORDERED_PART ? 'transient' : undefined;
}

function field(value: JsonValue | undefined, name: string): JsonValue | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value[name] : undefined;
}

/**
 * Definitive refusals received, by `life/worker/tenant:key`. A reply event
 * does not name its request, so each is paired with its worker's last invoke
 * in the same life: a worker's calls are sequential.
 */
export function definitiveRefusalsByWorkerLife(events: readonly HistoryEvent[]): Map<string, number> {
  const lastInvoke = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.op !== 'reserve') continue;
    const sender = `${event.life}/${event.worker}`;
    if (event.type === 'invoke') lastInvoke.set(sender, `${String(field(event.value, 'tenant'))}:${String(field(event.value, 'key'))}`);
    if (event.type === 'fail' && field(event.value, 'status') === 'refused' && field(event.value, 'definitive') === true) {
      const request = `${sender}/${lastInvoke.get(sender) ?? '?'}`;
      counts.set(request, (counts.get(request) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Refusals settle: once faults stop and the outbox drains, a definitively
 * refused intention is failed with the warehouse's reason and no effect, and
 * no worker asked it again in the same life after its refusal; a transiently
 * refused one is done with exactly one effect, or failed as given up with
 * none; every other intention is done exactly once. Nothing stays pending.
 */
export function refusalsSettled(
  trial: { intentions: readonly Intention[] },
  outcome: JudgedRun & { history: { all(): readonly HistoryEvent[] } },
): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  const refusals = definitiveRefusalsByWorkerLife(outcome.history.all());
  for (const [index, intention] of trial.intentions.entries()) {
    const label = labels[index] ?? '';
    const row = localRow(outcome, intention);
    const expected = expectedRefusal(intention);
    if (!row || row.status === 'pending')
      return { kind: 'stuck', intention: label, message: `${label} is ${row ? 'still pending' : 'not recorded'} after draining` };
    if (expected === undefined || (expected === 'transient' && row.status === 'done')) {
      const verdict = settledOnce(intention, label, outcome);
      if (verdict) return verdict;
      continue;
    }
    const effects = effectsOf(outcome, intention).length;
    const result = JSON.parse(row.result ?? '{}') as { refused?: string; gaveUp?: number };
    if (effects > 0) return { kind: 'identity', intention: label, message: `${label} was refused, yet the warehouse holds N=${effects}` };
    if (row.status !== 'failed' || result.refused === undefined || (expected === 'transient' && result.gaveUp === undefined))
      return {
        kind: 'identity',
        intention: label,
        message: `${label} ended ${row.status} with ${row.result ?? 'no result'}, expected failed with the refusal`,
      };
    for (const [request, count] of refusals)
      if (request.endsWith(`/${intention.tenant}:${intention.key}`) && count > 1)
        return {
          kind: 'retried',
          intention: label,
          message: `${label} was refused for good ${count} times by one worker in one life (${request})`,
        };
  }
  return undefined;
}
