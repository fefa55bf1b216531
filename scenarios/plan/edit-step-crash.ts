import type { Plan } from '../../protocols/plan/plan.js';
import type { CrashDecider } from '../../sim/engine/injector.js';

/** The index of the plan's first step that writes a file: the seed's edit step. */
export function firstWriteStep(plan: Plan): number {
  const index = plan.steps.findIndex((step) => (step.files ?? []).length > 0);
  if (index === -1) throw new Error('the plan has no step that writes a file');
  return index;
}

/**
 * Arms one crash, in the first life, at the first hit of `cut` once the loop
 * has reached the given step (the step's `before-step` boundary is hit for the
 * (step + 1)-th time): "crash the seed's plan during the edit step at each cut".
 */
export function crashDuringStep(cut: string, stepIndex: number): CrashDecider {
  let stepsReached = 0;
  let fired = false;
  return (hit) => {
    if (hit.life !== 0 || fired) return false;
    if (hit.cut === 'before-step') stepsReached++;
    if (stepsReached !== stepIndex + 1 || hit.cut !== cut) return false;
    fired = true;
    return true;
  };
}
