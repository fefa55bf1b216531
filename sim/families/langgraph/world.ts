import { Command } from '@langchain/langgraph';
import type { LangGraphProtocol, ResumableGraph, ThreadConfig } from '../../../protocols/langgraph/types.js';
import { ORCHESTRATOR } from '../../engine/case-files.js';
import { immediateTransaction } from '../../engine/connections.js';
import { Crash, isCrash } from '../../engine/crash.js';
import type { World, WorldLife, WorldSpec } from '../../engine/family.js';
import { CutSqliteSaver } from './cut-saver.js';
import { effectClient } from './effect-client.js';
import { checkpointerOf, graphFailure, otherCheckpointer } from './graph-failure.js';
import { ScriptedChatModel } from './scripted-model.js';
import { tracingOff } from './tracing-off.js';
import type { LangGraphSettings, LangGraphWorkload } from './workload.js';

export type LangGraphSpec = WorldSpec<LangGraphProtocol, LangGraphWorkload, LangGraphSettings>;

/** The one worker of a life: the graph's invocations run one after the other, as a service handles one thread. */
const WORKER = 'graph';

type Invocation = { kind: 'start' | 'continue' | 'resume'; input: unknown };

/**
 * What a LangGraph user's service does with a thread when it (re)starts, read
 * from the checkpointer alone: start it when it has no checkpoint, answer its
 * interrupt with `Command({ resume })`, continue it with `invoke(null)` when a
 * step is left (a crash stopped it), or nothing when it is done.
 */
async function nextInvocation(
  graph: ResumableGraph,
  saver: CutSqliteSaver,
  config: ThreadConfig,
  workload: LangGraphWorkload,
): Promise<Invocation | undefined> {
  if (!(await saver.getTuple(config))) return { kind: 'start', input: workload.input };
  const state = await graph.getState(config);
  if (state.tasks.some((task) => task.interrupts.length > 0)) return { kind: 'resume', input: new Command({ resume: workload.answer }) };
  // A task whose writes are saved leaves `next` but stays among the tasks until invoke(null) applies them.
  if (state.next.length > 0 || state.tasks.length > 0) return { kind: 'continue', input: null };
  return undefined;
}

/**
 * One process life of a LangGraph service: a fresh graph built by the
 * protocol (the user's module, imported anew each life when it comes from a
 * file) on LangGraph's SqliteSaver over this life's connection to the
 * orchestrator file, a scripted model, and effect clients on the `effects`
 * receiver. The life invokes the thread until it is done, recording each
 * invocation in the orchestrator's `invocations` table.
 */
export function langgraphWorld(spec: LangGraphSpec): World {
  return {
    async live(life: WorldLife) {
      tracingOff();
      const boundary = (cut: string) => (spec.discoverBoundaries ? life.wrote(WORKER, cut) : life.injector.reach(cut, WORKER));
      const orchestrator = life.connection(ORCHESTRATOR);
      const saver = new CutSqliteSaver(orchestrator, boundary);
      const graph = spec.protocol.graph({
        checkpointer: saver,
        model: new ScriptedChatModel(spec.workload.script),
        effects: effectClient(life.context(WORKER), spec.workload.thread, spec.workload.script),
      });
      if (checkpointerOf(graph) !== saver) throw new Error(otherCheckpointer(graph));
      const config: ThreadConfig = {
        configurable: { thread_id: spec.workload.thread },
        recursionLimit: spec.settings.recursionLimit,
        ...(spec.protocol.durability ? { durability: spec.protocol.durability } : {}),
      };
      for (let round = 0; round < spec.roundsMax; round++) {
        const next = await nextInvocation(graph, saver, config, spec.workload);
        if (!next) return;
        immediateTransaction(orchestrator, (db) =>
          db.prepare('INSERT INTO invocations (life, kind) VALUES (?, ?)').run(life.index, next.kind),
        );
        try {
          await graph.invoke(next.input, config);
        } catch (error) {
          throw life.injector.crashed ? asCrash(life, error) : graphFailure(error, next.kind, spec.settings.recursionLimit);
        }
        // A crash inside a checkpointer write LangGraph did not wait for still ends the life there.
        if (life.injector.crashed) throw asCrash(life, undefined);
      }
      throw new Error(`thread ${spec.workload.thread} still had work after ${spec.roundsMax} invocations`);
    },
  };
}

/** The life's crash as the runner knows it, however LangGraph passed it on. */
function asCrash(life: WorldLife, error: unknown): Crash {
  if (isCrash(error)) return error;
  const crash = life.injector.crashes().at(-1);
  return new Crash(crash?.cut ?? 'unknown', crash?.worker ?? WORKER);
}
