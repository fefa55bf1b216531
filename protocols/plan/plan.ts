import { createHash } from 'node:crypto';
import { canonicalJson } from '../receivers/fingerprint.js';
import type { JsonValue } from '../receivers/types.js';

/** One step of a plan file: what the agent does, with which arguments, and the executable check that lets it advance. */
export interface PlanStep {
  id: string;
  action: string;
  args?: { [key: string]: JsonValue };
  files?: string[];
  gate: string;
}

/** The plan as a file (seed 000): a goal, a cap on tool calls fixed before starting, and the steps in order. */
export interface Plan {
  goal: string;
  budget_calls: number;
  steps: PlanStep[];
  /** Read tools of the user's own that steps may call, beyond the tool server's known ones: each answers as a search does. */
  read_tools?: string[];
}

/**
 * The plan's identity as the checkpoint freezes it: a digest of its canonical
 * JSON, so reordering keys changes nothing and changing any step changes it.
 */
export function planHash(plan: Plan): string {
  return createHash('sha256')
    .update(canonicalJson(plan as unknown as JsonValue))
    .digest('hex')
    .slice(0, 16);
}
