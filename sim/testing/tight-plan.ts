import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_PLAN } from '../../protocols/plan/seed-plan.js';

/**
 * The seed's plan with a budget of 6 calls, written into `folder`: a fault-free
 * run spends 5, and a crash after the edit's gate makes the correct loop stop
 * at its 6th call, while a loop that forgets its calls on a restart spends 7.
 */
export function writeTightPlan(folder: string): string {
  const file = join(folder, 'tight-plan.json');
  writeFileSync(file, JSON.stringify({ ...SEED_PLAN, budget_calls: 6 }));
  return file;
}
