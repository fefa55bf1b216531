import { join } from 'node:path';
import type { ProtocolChoice, TrialRunOptions } from '../../../sim/check/suite.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { freshInstances, type AnyFamily } from '../../../sim/engine/run-case.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import { langgraphFamily } from '../../../sim/families/langgraph/family.js';
import type { ScriptedTurn } from '../../../sim/families/langgraph/scripted-model.js';
import { TABLE_WORKLOAD, type LangGraphWorkload } from '../../../sim/families/langgraph/workload.js';
import type { LangGraphProtocol } from '../../../protocols/langgraph/types.js';

/** One generated run of a graph: what the model answers, what the human answers at every interrupt, where the process dies. */
export interface LangGraphTrial {
  protocol: string;
  script: readonly ScriptedTurn[];
  answer: 'approve' | 'reject';
  crashes: CrashPoint[];
}

/** The fault-free run's effects, kept beside the crashed run's stores as the oracle a crash must not change. */
export const FAULT_FREE = 'fault-free';

export function workloadOf(trial: LangGraphTrial): LangGraphWorkload {
  return { ...TABLE_WORKLOAD, script: trial.script, answer: trial.answer };
}

function chosenProtocol(trial: LangGraphTrial, choice: ProtocolChoice | undefined): { protocol: LangGraphProtocol; file?: string } {
  if (choice?.protocol.name === trial.protocol)
    return { protocol: choice.protocol as LangGraphProtocol, ...(choice.file ? { file: choice.file } : {}) };
  const entry = langgraphFamily.protocols.find((candidate) => candidate.protocol.name === trial.protocol);
  if (!entry) throw new Error(`no langgraph protocol named '${trial.protocol}'`);
  return { protocol: entry.protocol };
}

/** Runs the trial's graph once under `plan`, then a quiet life in which the thread must end. */
function runOnce(trial: LangGraphTrial, options: TrialRunOptions, folder: string, plan: readonly CrashPoint[]): Promise<FamilyOutcome> {
  const { protocol, file } = chosenProtocol(trial, options.protocol);
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
    workload: workloadOf(trial),
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
  const faultFree = await runOnce(trial, { ...options, writeHistory: false }, join(options.folder, FAULT_FREE), []);
  const crashed = await runOnce(trial, options, options.folder, trial.crashes);
  const rows = Object.entries(faultFree.effects).map(([intention, n]) => ({ intention, n }));
  return { ...crashed, state: { ...crashed.state, [FAULT_FREE]: { effects: rows, end: [{ kind: faultFree.end.kind }] } } };
}
