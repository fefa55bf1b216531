import type { Plan } from '../../../protocols/plan/plan.js';
import { writeIntentions } from './workload.js';

/**
 * What a table cell of this plan counts, as its header shows it: the one
 * planned write of a plan that has one (`edit:client/src/catalog/Filters.tsx`),
 * else every planned write, one intention per step and file, and that the
 * cell is the worst of them.
 */
export function plannedWritesLabel(plan: Plan): string {
  const intentions = writeIntentions(plan);
  if (intentions.length === 1) return intentions[0] as string;
  return `${intentions.join(' + ')} (the worst N of ${intentions.length} planned writes)`;
}

/**
 * A table cell's N over every planned write of the plan: the N furthest from
 * 1 (the right count), a duplicate before a loss when both are as far, so a
 * second write step's duplicate shows as plainly as the first's. `sim check`
 * and `sim explore` judge the same intentions one by one (writesOnce).
 */
export function worstWrite(effects: Readonly<Record<string, number>>, plan: Plan): number {
  const counts = writeIntentions(plan).map((intention) => effects[intention] ?? 0);
  return counts.reduce((worst, n) => {
    const [far, farthest] = [Math.abs(n - 1), Math.abs(worst - 1)];
    return far > farthest || (far === farthest && n > worst) ? n : worst;
  }, 1);
}
