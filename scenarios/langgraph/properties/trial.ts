import { join } from 'node:path';
import type { ProtocolChoice, TrialRunOptions } from '../../../sim/check/suite.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { freshInstances, type AnyFamily } from '../../../sim/engine/run-case.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
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
 * The fault-free run's effects, kept beside the crashed run's stores as the
 * oracle a crash must not change, with the script's calls as the intentions
 * they stand for (`calls`: turn, intention).
 */
export const FAULT_FREE = 'fault-free';

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
export function scriptedCalls(workload: LangGraphWorkload): { turn: number; intention: string }[] {
  return workload.script.flatMap((turn, index) => (turn.toolCalls ?? []).map((call) => ({ turn: index, intention: callIntention(call) })));
}

function chosenProtocol(trial: LangGraphTrial, choice: ProtocolChoice | undefined): { protocol: LangGraphProtocol; file?: string } {
  if (choice?.protocol.name === trial.protocol)
    return { protocol: choice.protocol as LangGraphProtocol, ...(choice.file ? { file: choice.file } : {}) };
  const entry = langgraphFamily.protocols.find((candidate) => candidate.protocol.name === trial.protocol);
  if (!entry) throw new Error(`no langgraph protocol named '${trial.protocol}'`);
  return { protocol: entry.protocol };
}

/** The graph a trial runs, the module it came from, and the case it runs it on: resolved once for both of its runs. */
interface TrialSubject {
  protocol: LangGraphProtocol;
  file?: string;
  workload: LangGraphWorkload;
}

/** Runs the trial's graph once under `plan`, then a quiet life in which the thread must end. */
function runOnce(subject: TrialSubject, options: TrialRunOptions, folder: string, plan: readonly CrashPoint[]): Promise<FamilyOutcome> {
  const { protocol, file, workload } = subject;
  return runFamily(langgraphFamily, {
    protocol,
    // A user's module: every life imports a fresh instance, so module state does not survive a crash.
    ...(file
      ? {
          freshProtocol: freshInstances(langgraphFamily as unknown as AnyFamily, file, folder) as (
            life: number,
          ) => Promise<LangGraphProtocol>,
        }
      : {}),
    workload,
    folder,
    medium: options.medium,
    plan,
    livesMax: Math.max(-1, ...plan.map((crash) => crash.life)) + 2,
    quietLife: true,
    writeHistory: options.writeHistory,
  });
}

/**
 * Runs a trial twice: without a fault, for what the graph does with this
 * script (the oracle), then under the trial's crashes. The crashed run's
 * outcome carries the fault-free run's N per intention as a store of rows,
 * `fault-free`, beside its own stores.
 */
export async function runLangGraphTrial(trial: LangGraphTrial, options: TrialRunOptions): Promise<FamilyOutcome> {
  const chosen = chosenProtocol(trial, options.protocol);
  const subject: TrialSubject = { ...chosen, workload: workloadOf(trial, chosen.protocol) };
  const faultFree = await runOnce(subject, { ...options, writeHistory: false }, join(options.folder, FAULT_FREE), []);
  const crashed = await runOnce(subject, options, options.folder, trial.crashes);
  const rows = Object.entries(faultFree.effects).map(([intention, n]) => ({ intention, n }));
  const calls = scriptedCalls(subject.workload);
  return { ...crashed, state: { ...crashed.state, [FAULT_FREE]: { effects: rows, end: [{ kind: faultFree.end.kind }], calls } } };
}

/** The script's calls a run carried out (turn, intention), as runLangGraphTrial keeps them beside its stores. */
export function callsOf(outcome: FamilyOutcome): { turn: number; intention: string }[] {
  return (outcome.state[FAULT_FREE]?.calls ?? []).map((row) => ({ turn: Number(row.turn), intention: String(row.intention) }));
}

/** How often the model asked for each intention in the run's script. */
export function askedOf(outcome: FamilyOutcome): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { intention } of callsOf(outcome)) counts.set(intention, (counts.get(intention) ?? 0) + 1);
  return counts;
}
