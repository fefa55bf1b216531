import type { Family, Observation, StoreReader } from '../../../engine/family.js';
import type { JsonValue } from '../../../engine/history.js';
import { openaiAgentsFamily } from '../family.js';
import { ORCHESTRATOR_SCHEMA, rowsOf } from '../observe.js';
import { HUMAN_QUEUE } from '../receivers.js';
import { handoverIntention, type OpenAIAgentsSettings } from '../workload.js';
import { conversationWorld, TURN_EVENTS_SCHEMA, type ConversationWorkload } from './conversation-world.js';
import { evaluatedAgentsFromModule, type EvaluatedAgents } from './evaluated-agents.js';

/** What a played conversation left: its tickets (one handover to a person wanted at most) and the app's record of its turns. */
function observeConversation(read: StoreReader, spec: { workload: ConversationWorkload }): Observation {
  const tickets = read(HUMAN_QUEUE.name, (db) => rowsOf(db, 'tickets'));
  const turnEvents = read('orchestrator', (db) => rowsOf(db, 'turn_events'));
  return {
    effects: { [handoverIntention(spec.workload.conversation)]: tickets.length },
    metrics: { tickets: tickets.length },
    state: { 'human-queue': { tickets }, orchestrator: { turn_events: turnEvents } },
  };
}

const { name, receivers, defaultSettings, contracts } = openaiAgentsFamily;

/**
 * The family's agents playing one labelled conversation, as `sim eval
 * handover --protocol <module>` runs them: the same receivers and effect
 * clients as every case of the family, a chat app's world instead of the
 * resume-after-approval one, and no cuts (an evaluation runs fault-free).
 */
export const conversationFamily: Family<EvaluatedAgents, ConversationWorkload, OpenAIAgentsSettings> = {
  name,
  summary: "a user's agents playing the labelled conversations of a handover evaluation",
  cuts: [],
  protocols: [],
  receivers,
  tableWorkload: { conversation: 'eval', turns: [{ role: 'user', text: 'hello' }] },
  tableIntention: handoverIntention('eval'),
  expectedTable: {},
  defaultSettings,
  orchestratorSchema: () => ORCHESTRATOR_SCHEMA + TURN_EVENTS_SCHEMA,
  contracts,
  world: conversationWorld,
  observe: observeConversation,
  describeWorkload: (workload) => `conversation ${workload.conversation}: ${workload.turns.length} turns`,
  exploreWorkload: () => ({ conversation: 'eval', turns: [{ role: 'user', text: 'hello' }] }),
  judge: (_workload, outcome) => (outcome.end.kind === 'error' ? { kind: 'error', message: outcome.end.message } : undefined),
  protocolFromModule: evaluatedAgentsFromModule,
  workloadToJson: (workload) => workload as unknown as JsonValue,
  workloadFromJson: (json) => json as unknown as ConversationWorkload,
};
