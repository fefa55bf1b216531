import { policyCalls } from './policy-calls.js';
import { EXPECTED_HANDOVER_COLUMNS, EXPECTED_TICKETS } from '../../../scenarios/handover/expected-table.js';
import { HANDOVER_PROTOCOLS } from '../../../protocols/handover/catalogue.js';
import type { HandoverProtocol } from '../../../protocols/handover/types.js';
import type { Family } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import { conversationTimeline } from './conversation-timeline.js';
import { observeHandover } from './observe.js';
import { protocolFromModule } from './protocol-module.js';
import { HUMAN_QUEUE, MESSAGE_CHANNEL } from './receivers.js';
import { TOOL_ROUTES, TOOL_SERVER } from './tool-server.js';
import { CONVERSATION_SCHEMA } from './schema.js';
import {
  exploreConversations,
  DEFAULT_HANDOVER_SETTINGS,
  TABLE_INTENTION,
  TABLE_WORKLOAD,
  type HandoverWorkload,
  type HandoverWorldSettings,
} from './workload.js';
import { handoverWorld } from './world.js';
import { handoverWorkloadFromJson } from './workload-json.js';
import { stressConversations, stressSettings } from './stress-workload.js';
import { ALL_HANDOVER_CHECKS, firstViolation } from './checks.js';

/** Seed 002 as a family: a conversation store on the agent side, a human queue and a message channel as receivers. */
export const handoverFamily: Family<HandoverProtocol, HandoverWorkload, HandoverWorldSettings> = {
  name: 'handover',
  summary: 'typed transfers along a graph, a cap and the active agent that survive restarts, one ticket and one notice per handover',
  cuts: [
    { name: 'transfer-decided', meaning: 'the harness accepted a valid transfer; nothing is written yet' },
    { name: 'state-committed', meaning: 'the active agent, the count (or the handover state and its row) are committed' },
    { name: 'ticket-enqueued', meaning: 'the queue committed the ticket; its reply is lost before the harness sees it' },
    { name: 'user-notified', meaning: 'the notice was sent and recorded' },
    { name: 'operator-resolved', meaning: "the operator's return is committed: messages in the transcript, state reset" },
  ],
  protocols: HANDOVER_PROTOCOLS,
  receivers: [HUMAN_QUEUE, MESSAGE_CHANNEL, TOOL_SERVER],
  counted: 'tickets in human-queue.db',
  tableColumns: [
    {
      header: 'n',
      metric: `notices:${TABLE_INTENTION}`,
      per: 'cut',
      legend: `notices to the user in message-channel.db for ${TABLE_INTENTION}`,
      bound: { exactly: 1 },
    },
    {
      header: 'transfers',
      metric: 'transfersMax',
      per: 'row',
      legend: 'most transfers between agents in a conversation, over the row (cap 3)',
      bound: { atMostMetric: 'transferCap' },
    },
    {
      header: 'replies',
      metric: 'repliesWhileWithHuman',
      per: 'row',
      legend: "agent replies sent between the ticket and the operator's return (0)",
      bound: { atMost: 0 },
    },
    {
      header: 'early',
      metric: `noticesBeforeTicket:${TABLE_INTENTION}`,
      per: 'row',
      legend: 'notices sent before their ticket existed (0)',
      bound: { atMost: 0 },
    },
    {
      header: 'unanswered',
      metric: 'unansweredAfterReturn',
      per: 'row',
      legend: "user messages after the operator's return left unanswered (0)",
      bound: { atMost: 0 },
    },
  ],
  tableWorkload: TABLE_WORKLOAD,
  tableIntention: TABLE_INTENTION,
  expectedTable: EXPECTED_TICKETS,
  expectedColumns: EXPECTED_HANDOVER_COLUMNS,
  // The conversation played by the user's own model or on their own graph: measured only.
  ownTableWorkload: async (inputs, cwd) => {
    const own = await (await import('./own-workload.js')).ownHandoverWorkload(inputs, cwd);
    return own && { ...own, measuredOnly: true };
  },
  defaultSettings: DEFAULT_HANDOVER_SETTINGS,
  orchestratorSchema: () => CONVERSATION_SCHEMA,
  // The graph's own tools keep the contracts the graph declares for them, whatever the harness binds.
  contracts: (protocol) => ({ ...protocol.contracts, 'tool-server': TOOL_ROUTES }),
  world: handoverWorld,
  observe: observeHandover,
  describeWorkload: (workload) =>
    workload.conversations.map((conversation) => `${conversation.id} (${conversation.events.length} events)`).join(', '),
  exploreWorkload: exploreConversations,
  stress: {
    workload: stressConversations,
    settings: stressSettings,
    // operator-resolved is left out: a stress conversation is never given back, so that cut is never reached.
    cuts: ['transfer-decided', 'state-committed', 'ticket-enqueued', 'user-notified'],
  },
  judge: (workload, outcome) => firstViolation(workload, outcome, ALL_HANDOVER_CHECKS),
  caseView: conversationTimeline,
  policyCalls,
  protocolFromModule,
  workloadToJson: (workload) => workload as unknown as JsonValue,
  workloadFromJson: (json) => handoverWorkloadFromJson(json),
};
