import type { Plan } from './plan.js';

/**
 * The plan of seed 000, as it ships: add the region filter to the catalogue,
 * at most 40 tool calls, three steps each with its gate. The edit's content is
 * ours (the seed names the file, not the code); it is what the build gate
 * expects to find on the tool server.
 */
export const SEED_PLAN: Plan = {
  goal: 'aggiungere il filtro regione al catalogo',
  budget_calls: 40,
  steps: [
    { id: 'search', action: 'search_components', args: { query: 'catalogo filtro' }, gate: 'results > 0' },
    {
      id: 'edit',
      action: 'edit',
      files: ['client/src/catalog/Filters.tsx'],
      args: { content: "export const regionFilter = { field: 'regione', label: 'Regione' };\n" },
      gate: 'npm run build',
    },
    { id: 'verify', action: 'verify', gate: 'npx tsc --noEmit -p client/tsconfig.json' },
  ],
};
