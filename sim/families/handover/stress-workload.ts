import { DEFAULT_GRAPH, type HandoverGraph } from './graph.js';
import { DEFAULT_HANDOVER_SETTINGS, type HandoverWorkload, type HandoverWorldSettings } from './workload.js';

/**
 * The stress graph: the seed's, with the nurse open at every hour, because a
 * stress worker's clock is the machine's monotonic one, whose hour of day
 * means nothing; what is measured is the tickets, not the opening hours.
 */
const STRESS_GRAPH: HandoverGraph = {
  ...DEFAULT_GRAPH,
  humans: Object.fromEntries(Object.entries(DEFAULT_GRAPH.humans).map(([name, human]) => [name, { ...human, openHour: 0, closeHour: 24 }])),
};

/** The two messages of each stress conversation: both ask for a person, and each goes to a worker of its own. */
const MESSAGES = ['I have chest pain, can I talk to a nurse?', 'Please, I need a person now.'] as const;

/**
 * Worker `index`'s share of a stress trial of `total` conversations (one
 * handover each, c<n>#1): message k of every conversation goes to worker
 * k mod `workers`, so with two or more workers two processes deliver the two
 * messages of one conversation at the same time. A worker without a message
 * of its own still resumes whatever the others left, concurrently with them.
 */
export function stressConversations(total: number, workers: number, index: number): HandoverWorkload {
  return {
    graph: STRESS_GRAPH,
    policy: { kind: 'reference' },
    conversations: Array.from({ length: total }, (_, n) => ({
      id: `c${n + 1}`,
      tenant: 'clinicA',
      events: MESSAGES.flatMap((text, ordinal) => (ordinal % workers === index ? [{ atMs: 0, kind: 'user' as const, text, ordinal }] : [])),
    })),
  };
}

/** Real time: a retry waits the lease, and the world never moves the clock. */
export function stressSettings(leaseMs: number): HandoverWorldSettings {
  return { ...DEFAULT_HANDOVER_SETTINGS, retryDelayMs: leaseMs, realTime: true };
}
