import { harnessProtocol } from './harness.js';

/** Seed 002's harness as written: every rule enforced by the harness, every piece of state in the conversation store. */
export const referenceHarness = harnessProtocol({
  name: 'reference-harness',
  summary:
    'typed transfer along the graph, cap and active agent in the store, ticket (keyed) before notice, silent while with a person, reset on return',
});
