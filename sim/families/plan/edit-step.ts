import type { Plan } from '../../../protocols/plan/plan.js';
import type { CrashPoint } from '../../engine/injector.js';

/** The index of the plan's first step that writes a file: the seed's edit step. */
export function firstWriteStep(plan: Plan): number {
  const index = plan.steps.findIndex((step) => (step.files ?? []).length > 0);
  if (index === -1) throw new Error('the plan has no step that writes a file');
  return index;
}

/** What a table cell counts: the writes of the first file of the plan's first write step (`edit:client/src/catalog/Filters.tsx`). */
export function editIntention(plan: Plan): string {
  const step = plan.steps[firstWriteStep(plan)];
  return `${step?.id}:${step?.files?.[0]}`;
}

/**
 * "Crash the seed's plan during the edit step at each cut": the first hit of
 * `cut` in the first life while the loop is in its first write step, that is
 * after the (step + 1)-th `before-step` and before the next one.
 */
export function crashDuringEditStep(cut: string, plan: Plan): CrashPoint {
  return { life: 0, cut, during: { cut: 'before-step', nth: firstWriteStep(plan) + 1 } };
}
