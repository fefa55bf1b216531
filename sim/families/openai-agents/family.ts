import { EXPECTED_REFUNDS, EXPECTED_TICKET_COLUMNS } from '../../../scenarios/openai-agents/expected-table.js';
import { OPENAI_AGENTS_PROTOCOLS } from '../../../protocols/openai-agents/catalogue.js';
import type { OpenAIAgentsProtocol } from '../../../protocols/openai-agents/types.js';
import type { Family } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import type { Violation } from '../../engine/verdict.js';
import { ORCHESTRATOR_SCHEMA, observeOpenAIAgents } from './observe.js';
import { protocolFromModule } from './protocol-module.js';
import { EFFECTS_RECEIVER, HUMAN_QUEUE } from './receivers.js';
import { STATE_CUTS } from './state-store.js';
import { RUN_CUTS, openaiAgentsWorld } from './world.js';
import {
  DEFAULT_OPENAI_AGENTS_SETTINGS,
  TABLE_INTENTION,
  TABLE_WORKLOAD,
  scriptActs,
  type OpenAIAgentsSettings,
  type OpenAIAgentsWorkload,
} from './workload.js';

export const OPENAI_AGENTS_SUMMARY =
  "a user's OpenAI Agents SDK agents with approvals, handoffs and a saved RunState, resumed as SDK apps resume: one effect per tool call, one ticket per handover";

/**
 * Users' OpenAI Agents SDK agents as a family: the real SDK's Runner with a
 * scripted model, the tools' effects and the handoffs' tickets on receivers
 * of cutpoint's, and the app's saved RunState on the orchestrator file. A
 * table case cuts at the first approval decision and the refund's lost reply,
 * and at the save after the refund (the saves before it lose nothing a
 * resume does not redo); the handoff (handed-over) and the ticket's lost reply
 * (ticket-opened) are boundaries of every handing-over run, found by --cuts
 * all and by exploration, and no column: an agent that never hands over
 * never reaches them.
 */
export const openaiAgentsFamily: Family<OpenAIAgentsProtocol, OpenAIAgentsWorkload, OpenAIAgentsSettings> = {
  name: 'openai-agents',
  summary: OPENAI_AGENTS_SUMMARY,
  counted: "effects of the script's first act, act-1 (a tool call's in effects.db, a handover's tickets in human-queue.db)",
  cuts: [
    { name: RUN_CUTS.approvalDecided, meaning: 'the person approved the tool call; the decision is in memory, not saved' },
    { name: EFFECTS_RECEIVER.appliedCut, meaning: "the API committed the tool's effect; its reply is lost before the tool sees it" },
    { name: STATE_CUTS.save, meaning: 'after the effect, the app is about to save result.state.toString(), not yet committed' },
    { name: STATE_CUTS.saved, meaning: 'after the effect, the saved RunState is committed to the orchestrator file' },
  ],
  protocols: OPENAI_AGENTS_PROTOCOLS,
  expectedTable: EXPECTED_REFUNDS,
  expectedColumns: EXPECTED_TICKET_COLUMNS,
  receivers: [EFFECTS_RECEIVER, HUMAN_QUEUE],
  tableColumns: [
    {
      header: 'tickets',
      metric: 'tickets',
      per: 'cut',
      legend: "tickets in human-queue.db for the script's handover to a person (1: handed over once; 0: lost, as an announced handover)",
      // At most one per handover the script asks for: agents that never hand over open none.
      bound: { atMostMetric: 'handovers' },
    },
    { header: 'approvals', metric: 'approvals', per: 'row', legend: 'most approvals the person was asked for, over the row' },
  ],
  tableWorkload: TABLE_WORKLOAD,
  tableIntention: TABLE_INTENTION,
  tableCrash: (cut) =>
    cut === STATE_CUTS.save || cut === STATE_CUTS.saved
      ? { life: 0, cut, during: { cut: EFFECTS_RECEIVER.appliedCut, nth: 1 } }
      : { life: 0, cut },
  defaultSettings: DEFAULT_OPENAI_AGENTS_SETTINGS,
  orchestratorSchema: () => ORCHESTRATOR_SCHEMA,
  contracts: (protocol) => ({ [EFFECTS_RECEIVER.name]: protocol.contracts.effects, [HUMAN_QUEUE.name]: protocol.contracts.humans }),
  world: openaiAgentsWorld,
  observe: observeOpenAIAgents,
  describeWorkload: (workload) =>
    `conversation ${workload.conversation}: ${scriptActs(workload.script, workload.conversation)
      .map((act) => `${act.label} ${act.what}`)
      .join(', ')}; every approval ${workload.approval}`,
  exploreWorkload: () => TABLE_WORKLOAD,
  judge: judgeOpenAIAgents,
  protocolFromModule,
  workloadToJson: (workload) => workload as unknown as JsonValue,
  workloadFromJson: (json) => json as unknown as OpenAIAgentsWorkload,
};

/** Every act the script asks for takes effect exactly once, once the conversation is done; nothing else takes effect. */
function judgeOpenAIAgents(_workload: OpenAIAgentsWorkload, outcome: Parameters<Family['judge']>[1]): Violation | undefined {
  if (outcome.end.kind === 'error') return { kind: 'error', message: outcome.end.message };
  for (const [intention, n] of Object.entries(outcome.effects)) {
    if (n > 1) return { kind: 'duplicate', intention, message: `${intention} took effect ${n} times` };
    if (n === 0 && outcome.end.kind === 'completed') return { kind: 'lost', intention, message: `${intention} never took effect` };
  }
  return undefined;
}
