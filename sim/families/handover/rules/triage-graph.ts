import { DEFAULT_GRAPH, type HandoverGraph } from '../graph.js';

/**
 * The default graph with an intake agent in front: it gathers the findings
 * and asks the rules through its triage tool; the information agent looks
 * things up in the clinic's knowledge base. Illustrative, not clinical advice.
 */
export const TRIAGE_GRAPH: HandoverGraph = {
  ...DEFAULT_GRAPH,
  entry: 'intake',
  agents: {
    intake: {
      description: 'asks what the rules need, hands the findings to the triage tool; never decides itself',
      edges: ['appointments', 'information', 'human_nurse'],
      tools: ['triage'],
    },
    appointments: { description: 'books and moves appointments', edges: ['intake', 'human_nurse'], tools: ['book_appointment'] },
    information: { description: 'opening hours, addresses, what to bring', edges: ['intake', 'human_nurse'], tools: ['lookup_info'] },
  },
};
