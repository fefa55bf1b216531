import { chosenProtocol, runBesideFaultFree, withFaultFree, type ScriptCall } from '../../../sim/check/fault-free-oracle.js';
import type { TrialRunOptions } from '../../../sim/check/suite.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { openaiAgentsFamily } from '../../../sim/families/openai-agents/family.js';
import { toolIntention } from '../../../protocols/receivers/tool-calls.js';
import { TABLE_WORKLOAD, type Approval } from '../../../sim/families/openai-agents/workload.js';
import type { OpenAIAgentsProtocol, ScriptedCall, ScriptedTurn } from '../../../protocols/openai-agents/types.js';
import { GENERATED_REFUNDS } from './generated-calls.js';
import { finished, intentionCounts } from './counts.js';

/** One generated run of a user's agents: what the model answers, what the person answers to every approval, where the process dies. */
export interface OpenAIAgentsTrial {
  protocol: string;
  script: readonly ScriptedTurn[];
  approval: Approval;
  crashes: CrashPoint[];
}

/** Which of the generator's refunds a call is, in the order the generator draws them. */
function generatedIndex(call: ScriptedCall): number {
  return GENERATED_REFUNDS.findIndex((refund) => refund.order_id === call.args?.order_id);
}

/**
 * The script a trial runs on `protocol`: the generated one, or, for agents
 * whose model has a script of its own (a user's module, an example whose
 * model misbehaves its own way), the generated script carried over to that
 * script's tool calls and handover. Each generated refund stands for one of
 * its calls, the same one every time, so a call the model repeats is
 * repeated on its tools too; a generated handover to a person is its own
 * (called, or only announced), and is left out where its model never hands
 * over to a person. The handoff to an agent nobody lists stays as drawn.
 */
export function scriptOf(trial: OpenAIAgentsTrial, protocol: OpenAIAgentsProtocol): ScriptedTurn[] {
  const own = protocol.script;
  if (!own) return [...trial.script];
  const pool = own.flatMap((turn) => turn.calls ?? []);
  const person = own.find((turn) => turn.handoff?.toPerson);
  return trial.script.map((turn) => {
    const calls = turn.calls?.map((call) => pool[generatedIndex(call) % Math.max(pool.length, 1)] ?? call);
    const handoff = turn.handoff?.toPerson ? person?.handoff : turn.handoff;
    const text = turn.handoff?.toPerson && person?.handoff?.announcedOnly ? person.text : turn.text;
    const mapped: ScriptedTurn = { ...(text === undefined ? {} : { text }), ...(calls ? { calls } : {}), ...(handoff ? { handoff } : {}) };
    // A handover its model never makes leaves an answer with nothing in it: the model says it is done.
    return mapped.calls || mapped.handoff || mapped.text !== undefined ? mapped : { text: 'Done.' };
  });
}

/** The tool calls of a script, turn by turn, each as the intention it stands for. */
export function scriptedCalls(script: readonly ScriptedTurn[]): ScriptCall[] {
  return script.flatMap((turn, index) => (turn.calls ?? []).map((call) => ({ turn: index, intention: toolIntention(call.name, call.args ?? {}) })));
}

/**
 * Runs a trial twice: without a fault, for what the agents do with this
 * script (the oracle), then under the trial's crashes. The crashed run's
 * outcome carries the fault-free run's N per intention, its end and whether
 * its conversation finished, and the script's handovers to a person (called
 * or only announced), beside its own stores.
 */
export async function runOpenAIAgentsTrial(trial: OpenAIAgentsTrial, options: TrialRunOptions): Promise<FamilyOutcome> {
  const chosen = chosenProtocol(openaiAgentsFamily, trial.protocol, options.protocol);
  const script = scriptOf(trial, chosen.protocol);
  const withScript = (protocol: OpenAIAgentsProtocol): OpenAIAgentsProtocol => ({ ...protocol, script });
  const subject = { ...chosen, protocol: withScript(chosen.protocol), workload: { ...TABLE_WORKLOAD, script, approval: trial.approval }, adapt: withScript };
  const { faultFree, crashed } = await runBesideFaultFree(openaiAgentsFamily, subject, options, trial.crashes);
  const handovers = script.filter((turn) => turn.handoff?.toPerson).map((turn) => ({ announced: turn.handoff?.announcedOnly ? 1 : 0 }));
  return withFaultFree(crashed, faultFree, scriptedCalls(script), intentionCounts, { finished: [{ finished: finished(faultFree) ? 1 : 0 }], handovers });
}
