import { Agent, RunState, Runner } from '@openai/agents-core';
import type { OpenAIAgentsProtocol } from '../../../protocols/openai-agents/types.js';
import { ORCHESTRATOR } from '../../engine/case-files.js';
import { immediateTransaction } from '../../engine/connections.js';
import { Crash, isCrash } from '../../engine/crash.js';
import type { World, WorldLife, WorldSpec } from '../../engine/family.js';
import { effectClient, humanQueue } from './effect-clients.js';
import { ScriptedModel, scriptedProvider } from './scripted-model.js';
import { loadRunState, RunStateStore } from './state-store.js';
import { tracingOff } from './tracing-off.js';
import { caseScript, type OpenAIAgentsSettings, type OpenAIAgentsWorkload } from './workload.js';

export type OpenAIAgentsSpec = WorldSpec<OpenAIAgentsProtocol, OpenAIAgentsWorkload, OpenAIAgentsSettings>;

/** The one worker of a life: the app runs the conversation's runs one after the other. */
const WORKER = 'agents';

/** The boundaries the SDK's run itself offers, beside the state store's and the receivers'. */
export const RUN_CUTS = { approvalDecided: 'approval-decided', handedOver: 'handed-over' } as const;

/** What the app runs next, read from its store alone: the input, the saved state with its approvals answered, or nothing. */
type NextRun = { kind: 'start'; input: string } | { kind: 'resume'; state: RunState<unknown, Agent>; approvals: number };

/**
 * What an SDK app does with a conversation when it (re)starts: start a run
 * on the input when no state is saved; when the last saved state stopped for
 * approvals, read it back with RunState.fromString, answer each approval
 * (a boundary after each decision, which is in memory until the next save)
 * and continue the run; nothing once the saved state is final, or while its
 * approvals wait for a person who never answers.
 */
async function nextRun(
  agent: Agent,
  store: RunStateStore,
  input: string,
  workload: OpenAIAgentsWorkload,
  boundary: (cut: string) => Promise<void>,
): Promise<NextRun | undefined> {
  const saved = store.last();
  if (!saved) return { kind: 'start', input };
  if (saved.final) return undefined;
  const state = await loadRunState(agent, saved.state);
  if (typeof state === 'string') throw new Error(state);
  const interruptions = state.getInterruptions();
  // Nobody answers: the run waits for the person, and a restart finds it waiting still.
  if (workload.approval === 'never given') return undefined;
  for (const item of interruptions) {
    if (workload.approval === 'granted') state.approve(item);
    else state.reject(item);
    await boundary(RUN_CUTS.approvalDecided);
  }
  return { kind: 'resume', state, approvals: interruptions.length };
}

/**
 * One process life of an SDK app: a fresh agent graph built by the protocol
 * (the user's module, imported anew each life when it comes from a file),
 * the SDK's Runner with the scripted model for every agent and tracing off,
 * effect clients on the `effects` receiver and the human queue, and the
 * run-state store on the orchestrator file. The life runs the conversation
 * until its saved state is final, recording each run in `runs`.
 */
export function openaiAgentsWorld(spec: OpenAIAgentsSpec): World {
  return {
    async live(life: WorldLife) {
      tracingOff();
      const boundary = (cut: string) => (spec.discoverBoundaries ? life.wrote(WORKER, cut) : life.injector.reach(cut, WORKER));
      const ctx = life.context(WORKER);
      const { conversation } = spec.workload;
      const { script, input } = caseScript(spec.protocol, spec.workload);
      const agent = spec.protocol.agent({ effects: effectClient(ctx, conversation), humans: humanQueue(ctx, conversation), conversation });
      if (!(agent instanceof Agent))
        throw new Error(`${spec.protocol.name}: agent() returned ${typeof agent}, not an Agent of @openai/agents-core (new Agent({ name, instructions, tools, handoffs }))`);
      const orchestrator = life.connection(ORCHESTRATOR);
      const store = new RunStateStore(orchestrator, conversation, life.index, boundary);
      const model = new ScriptedModel(script, life.index);
      let handedOver = false;
      const runner = new Runner({
        model,
        modelProvider: scriptedProvider(model),
        tracingDisabled: true,
        // The SDK awaits this before every model call: the first call after a handoff is where the new agent takes over.
        callModelInputFilter: async ({ modelData }) => {
          // A crash the SDK caught inside a tool (it answers the model with the error) still ends the life here.
          life.injector.assertAlive(WORKER, 'model-call');
          if (handedOver) {
            handedOver = false;
            await boundary(RUN_CUTS.handedOver);
          }
          return modelData;
        },
      });
      runner.on('agent_handoff', () => {
        handedOver = true;
      });
      for (let round = 0; round < spec.roundsMax; round++) {
        const next = await nextRun(agent, store, input, spec.workload, boundary);
        if (!next) return;
        immediateTransaction(orchestrator, (db) =>
          db
            .prepare('INSERT INTO runs (life, kind, approvals) VALUES (?, ?, ?)')
            .run(life.index, next.kind, next.kind === 'resume' ? next.approvals : 0),
        );
        try {
          const result =
            next.kind === 'start'
              ? await runner.run(agent, next.input, { maxTurns: spec.settings.maxTurns, context: { conversation } })
              : await runner.run(agent, next.state, { maxTurns: spec.settings.maxTurns });
          if (life.injector.crashed) throw asCrash(life, undefined);
          await store.save(result);
        } catch (error) {
          throw life.injector.crashed ? asCrash(life, error) : error;
        }
      }
      throw new Error(`conversation ${conversation} still had work after ${spec.roundsMax} runs`);
    },
  };
}

/** The life's crash as the runner knows it, however the SDK passed it on. */
function asCrash(life: WorldLife, error: unknown): Crash {
  if (isCrash(error)) return error;
  const crash = life.injector.crashes().at(-1);
  return new Crash(crash?.cut ?? 'unknown', crash?.worker ?? WORKER);
}
