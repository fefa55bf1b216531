import type { Plan } from '../../protocols/plan/plan.js';
import { SEED_PLAN } from '../../protocols/plan/seed-plan.js';

/** A plan with two write steps: the seed's, and a second edit of another file after its verify. */
export const TWO_WRITE_STEPS: Plan = {
  ...SEED_PLAN,
  steps: [
    ...SEED_PLAN.steps,
    {
      id: 'edit-2',
      action: 'edit',
      files: ['client/src/catalog/Region.tsx'],
      args: { content: 'export const region = 1;\n' },
      gate: 'npm run build',
    },
  ],
};
