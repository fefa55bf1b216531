import type { Plan } from '../../../protocols/plan/plan.js';
import type { CrashPoint } from '../../engine/injector.js';
import { InputError } from '../../engine/input-error.js';

/** The index of the plan's first step that writes a file: the seed's edit step. */
export function firstWriteStep(plan: Plan): number {
  const index = plan.steps.findIndex((step) => (step.files ?? []).length > 0);
  if (index === -1) throw new Error('the plan has no step that writes a file');
  return index;
}

/**
 * The index of the write step a table case crashes during: the one the user
 * named, else the plan's first write step. A name that is no write step of
 * the plan is an InputError naming the ones there are.
 */
export function crashStepIndex(plan: Plan, crashStep: string | undefined): number {
  if (crashStep === undefined) return firstWriteStep(plan);
  const index = plan.steps.findIndex((step) => step.id === crashStep && (step.files ?? []).length > 0);
  if (index !== -1) return index;
  const writeSteps = plan.steps.filter((step) => (step.files ?? []).length > 0).map((step) => step.id);
  throw new InputError(`--crash-step '${crashStep}' is no step of the plan that writes a file; one of ${writeSteps.join(', ')}`);
}

/**
 * "Crash the plan during its write step at each cut": the first hit of `cut`
 * in the first life while the loop is in that step (the first write step, or
 * the one given), that is after the (step + 1)-th `before-step` and before the next one.
 */
export function crashDuringEditStep(cut: string, plan: Plan, crashStep?: string): CrashPoint {
  return { life: 0, cut, during: { cut: 'before-step', nth: crashStepIndex(plan, crashStep) + 1 } };
}
