/** A user's plan for the tests that table one: one search, one edit of two files, one check; a budget of its own. */
export const MY_PLAN = {
  goal: 'add a region column',
  budget_calls: 25,
  steps: [
    { id: 'find', action: 'search_components', args: { query: 'table' }, gate: 'results > 0' },
    { id: 'change', action: 'edit', files: ['src/Table.tsx', 'src/columns.ts'], gate: 'npm run build' },
    { id: 'check', action: 'verify', gate: 'npx tsc --noEmit' },
  ],
};
