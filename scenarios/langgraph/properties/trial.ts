import { chosenProtocol, runBesideFaultFree, withFaultFree, type ScriptCall } from '../../../sim/check/fault-free-oracle.js';
import type { TrialRunOptions } from '../../../sim/check/suite.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { langgraphFamily } from '../../../sim/families/langgraph/family.js';
import type { ScriptedTurn } from '../../../sim/families/langgraph/scripted-model.js';
import { callIntention, moduleWorkload, TABLE_WORKLOAD, type LangGraphWorkload } from '../../../sim/families/langgraph/workload.js';
import type { LangGraphProtocol, ScriptedCall } from '../../../protocols/langgraph/types.js';

/** One generated run of a graph: what the model answers, what the human answers at every interrupt, where the process dies. */
export interface LangGraphTrial {
  protocol: string;
  script: readonly ScriptedTurn[];
  answer: 'approve' | 'reject';
  crashes: CrashPoint[];
}

/**
/** The tool calls of a module's own case, which its generated scripts call; none for a graph without its own case. */
export function ownCalls(protocol: LangGraphProtocol | undefined): ScriptedCall[] {
  return (protocol?.case?.script ?? []).flatMap((turn) => turn.toolCalls ?? []);
}

/**
 * The case a trial runs on `protocol`: the family's case with the generated
 * script, or, for a graph that brings its own case (a user's module), its
 * input with the generated script, which calls the module's own tools.
 */
export function workloadOf(trial: LangGraphTrial, protocol?: LangGraphProtocol): LangGraphWorkload {
  const own = protocol?.case;
  if (!own) return { ...TABLE_WORKLOAD, script: trial.script, answer: trial.answer };
  return { ...moduleWorkload(protocol.name, own), script: trial.script, answer: trial.answer === 'approve' ? own.answer : trial.answer };
}

/** The tool calls of the script a run carried out, turn by turn, each as the intention it stands for. */
export function scriptedCalls(workload: LangGraphWorkload): ScriptCall[] {
  return workload.script.flatMap((turn, index) => (turn.toolCalls ?? []).map((call) => ({ turn: index, intention: callIntention(call) })));
}

/**
 * Runs a trial twice: without a fault, for what the graph does with this
 * script (the oracle), then under the trial's crashes. The crashed run's
 * outcome carries the fault-free run's N per intention as a store of rows,
 * `fault-free`, beside its own stores.
 */
export async function runLangGraphTrial(trial: LangGraphTrial, options: TrialRunOptions): Promise<FamilyOutcome> {
  const chosen = chosenProtocol(langgraphFamily, trial.protocol, options.protocol);
  const workload = workloadOf(trial, chosen.protocol);
  const { faultFree, crashed } = await runBesideFaultFree(langgraphFamily, { ...chosen, workload }, options, trial.crashes);
  return withFaultFree(crashed, faultFree, scriptedCalls(workload));
}
