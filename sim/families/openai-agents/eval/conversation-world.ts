import {
  Agent,
  InputGuardrailTripwireTriggered,
  OutputGuardrailTripwireTriggered,
  Runner,
  ToolInputGuardrailTripwireTriggered,
  ToolOutputGuardrailTripwireTriggered,
  type AgentInputItem,
  type RunResult,
} from '@openai/agents-core';
import { turnArrivalMs, type ConversationTurn } from '../../../engine/conversation-harness.js';
import { ORCHESTRATOR } from '../../../engine/case-files.js';
import { immediateTransaction, type Connection } from '../../../engine/connections.js';
import type { World, WorldSpec } from '../../../engine/family.js';
import { effectClient, humanQueue } from '../effect-clients.js';
import { scriptedProvider } from '../scripted-model.js';
import { tracingOff } from '../tracing-off.js';
import type { OpenAIAgentsSettings } from '../workload.js';
import { RespondingModel } from './responding-model.js';
import type { EvaluatedAgents } from './evaluated-agents.js';

/** One labelled conversation of an evaluation: its id and its turns, a log's roles included. */
export interface ConversationWorkload {
  conversation: string;
  turns: readonly ConversationTurn[];
}

export type ConversationSpec = WorldSpec<EvaluatedAgents, ConversationWorkload, OpenAIAgentsSettings>;

/** What the app records of how each turn went, beside the tickets: handoffs, tripped guardrails, handovers only announced. */
export const TURN_EVENTS_SCHEMA = `
CREATE TABLE turn_events (
  seq   INTEGER PRIMARY KEY,
  turn  INTEGER NOT NULL,
  kind  TEXT    NOT NULL CHECK (kind IN ('handoff', 'tripwire', 'announced')),
  layer TEXT,
  name  TEXT
);
`;

const WORKER = 'agents';

/** The layer a tripped guardrail's error tells, and its name; undefined for any other error. */
function tripped(error: unknown): { layer: string; name: string } | undefined {
  if (error instanceof InputGuardrailTripwireTriggered) return { layer: 'before', name: error.result.guardrail.name };
  if (error instanceof OutputGuardrailTripwireTriggered) return { layer: 'after', name: error.result.guardrail.name };
  if (error instanceof ToolInputGuardrailTripwireTriggered || error instanceof ToolOutputGuardrailTripwireTriggered)
    return { layer: 'tool', name: error.result.guardrail.name };
  return undefined;
}

function record(db: Connection, turn: number, kind: string, layer: string | null, name: string | null): void {
  immediateTransaction(db, (tx) => tx.prepare('INSERT INTO turn_events (turn, kind, layer, name) VALUES (?, ?, ?, ?)').run(turn, kind, layer, name));
}

/**
 * A chat app on the user's agents, as it plays one conversation: each user
 * turn is a run of the SDK's Runner on the history so far, started on the
 * agent that answered last (the one a handoff handed to); each approval the
 * run stops for is granted; a tripped guardrail ends its turn as the SDK
 * ends it (the run throws) and the conversation goes on. An agent turn of a
 * log is not sent (the agents write their own replies); an operator turn is
 * the person's message, and gives the conversation back to the entry agent.
 */
export function conversationWorld(spec: ConversationSpec): World {
  return {
    async live(life) {
      tracingOff();
      const ctx = life.context(WORKER);
      const { conversation, turns } = spec.workload;
      const entry = spec.protocol.agent({ effects: effectClient(ctx, conversation), humans: humanQueue(ctx, conversation), conversation });
      if (!(entry instanceof Agent))
        throw new Error(`${spec.protocol.name}: agent() returned ${typeof entry}, not an Agent of @openai/agents-core`);
      const db = life.connection(ORCHESTRATOR);
      let turn = 0;
      const model = new RespondingModel(spec.protocol.respond, life.index, () => record(db, turn, 'announced', null, null));
      const runner = new Runner({
        model,
        modelProvider: scriptedProvider(model),
        tracingDisabled: true,
        callModelInputFilter: ({ modelData, agent }) => {
          model.answering = agent.name;
          return modelData;
        },
      });
      runner.on('agent_handoff', (_context, _from, to) => record(db, turn, 'handoff', null, to.name));
      // any: the user's agents, whatever their context and output types (the SDK's Agent is invariant in both).
      let current: Agent<any, any> = entry;
      let history: AgentInputItem[] = [];
      for (const [n, { role, text }] of turns.entries()) {
        turn = n + 1;
        // A ticket's time in human-queue.db then says which turn opened it.
        life.clock.advanceToMs(turnArrivalMs(n));
        if (role === 'agent') continue;
        const message: AgentInputItem = role === 'user' ? { role: 'user', content: text } : { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] };
        if (role === 'operator') {
          history = [...history, message];
          current = entry;
          continue;
        }
        try {
          // any: as `current`.
          let result: RunResult<any, Agent<any, any>> = await runner.run(current, [...history, message], { maxTurns: spec.settings.maxTurns, context: { conversation } });
          for (let round = 0; result.interruptions.length > 0; round++) {
            if (round >= spec.roundsMax) throw new Error(`turn ${turn} still asked for approvals after ${spec.roundsMax} runs`);
            for (const item of result.interruptions) result.state.approve(item);
            result = await runner.run(current, result.state, { maxTurns: spec.settings.maxTurns });
          }
          history = result.history;
          current = result.lastAgent ?? current;
        } catch (error) {
          const guardrail = tripped(error);
          if (!guardrail) throw error;
          record(db, turn, 'tripwire', guardrail.layer, guardrail.name);
          history = [...history, message];
        }
      }
    },
  };
}
