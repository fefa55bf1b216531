import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { DEFAULT_GRAPH, graphFromJson } from '../../sim/families/handover/graph.js';
import { ownHandoverWorkload } from '../../sim/families/handover/own-workload.js';
import type { HandoverWorkload } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { referenceHarness } from './reference-harness.js';

const root = tempFolder('handover-messages');
let cases = 0;

async function live(workload: HandoverWorkload): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, { protocol: referenceHarness, workload, folder: join(root, String(++cases)), plan: [], livesMax: 2 });
}
const transcript = (outcome: FamilyOutcome) =>
  (outcome.state['orchestrator']?.['transcript'] ?? []) as { role: string; agent: string | null; text: string }[];

describe('messages name what is allowed, and the graph says what its people write', () => {
  it.each([
    [
      'an edge to no node',
      { ...DEFAULT_GRAPH, agents: { ...DEFAULT_GRAPH.agents, router: { ...DEFAULT_GRAPH.agents.router, edges: ['billing'] } } },
      "g.json: agent 'router' has an edge to 'billing', which is no node of the graph; an edge names one of appointments, information, human_nurse",
    ],
    ['an entry that is not an agent', { ...DEFAULT_GRAPH, entry: 'human_nurse' }, 'one of router, appointments, information'],
  ])('a graph with %s is refused in a sentence naming the allowed values', (_case, json, message) => {
    expect(graphFromJson(json, 'g.json')).toContain(message);
  });

  it("the operator's return on a graph of one's own writes the graph's lines, not the seed's nurse", async () => {
    const graph = join(import.meta.dirname, 'examples/my-graph.json');
    const own = await ownHandoverWorkload({ graph }, process.cwd());
    const outcome = await live(own!.workload);
    const operator = transcript(outcome).filter((line) => line.role === 'operator');
    expect(operator.map(({ role, agent, text }) => ({ role, agent, text }))).toEqual([
      { role: 'operator', agent: 'human_agent', text: 'Sam from customer service: your refund is approved and on its way.' },
    ]);
  });
});
