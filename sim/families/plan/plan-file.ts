import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePlan, PlanFileError } from '../../../protocols/plan/plan-schema.js';
import type { Plan } from '../../../protocols/plan/plan.js';

/** Reads a user's --plan file: a missing file or a plan that fails the schema is bad input, in one line. */
export function readPlanFile(value: string, cwd: string): Plan {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, value), 'utf8');
  } catch (error) {
    throw new PlanFileError(`cannot read plan file ${value}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const plan = parsePlan(text, value);
  if (!plan.steps.some((step) => (step.files ?? []).length > 0)) {
    throw new PlanFileError(`${value}: the plan has no step with files; the table counts the writes of its first such step`);
  }
  return plan;
}
