import { lineIntentionId } from '../../../protocols/reservation/request-lines.js';
import { intentionId, type Intention } from '../../../protocols/reservation/types.js';
import type { Connection } from '../../engine/connections.js';

/**
 * Names each intention for reports: `tenant:key`, with the params added only
 * where two intentions share a tenant and key (a reused key).
 */
export function intentionLabels(intentions: readonly Intention[]): string[] {
  const shared = new Map<string, number>();
  for (const intention of intentions) shared.set(intentionId(intention), (shared.get(intentionId(intention)) ?? 0) + 1);
  return intentions.map((intention) =>
    (shared.get(intentionId(intention)) ?? 0) > 1
      ? `${intentionId(intention)}(${intention.params.part}x${intention.params.qty})`
      : intentionId(intention),
  );
}

/**
 * The checker: N(k), the reservation rows the warehouse holds for each
 * intention k, by the oracle tag of the intention and its params. For a
 * request of several lines, N is its most-applied line's count: 1 when every
 * applied line was applied once, 2 as soon as one line was applied twice.
 * Read with a connection of its own after every life has ended.
 */
export function countEffects(warehouse: Connection, intentions: readonly Intention[]): Record<string, number> {
  const count = warehouse.prepare('SELECT count(*) AS n FROM reservations WHERE intention_id = ? AND part = ? AND qty = ?');
  const labels = intentionLabels(intentions);
  return Object.fromEntries(
    intentions.map((intention, index) => [
      labels[index],
      intention.params.lines
        ? Math.max(
            0,
            ...intention.params.lines.map(
              (line, n) => (count.get(lineIntentionId(intentionId(intention), n + 1), line.part, line.qty) as { n: number }).n,
            ),
          )
        : (count.get(intentionId(intention), intention.params.part, intention.params.qty) as { n: number }).n,
    ]),
  );
}
