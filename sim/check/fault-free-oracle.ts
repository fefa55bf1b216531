import { join } from 'node:path';
import type { Family, FamilyProtocol, TableRows } from '../engine/family.js';
import type { CrashPoint } from '../engine/injector.js';
import { freshInstances, type AnyFamily } from '../engine/run-case.js';
import { runFamily, type FamilyOutcome } from '../engine/run-family.js';
import type { RunEnd } from '../engine/runner.js';
import type { Violation } from '../engine/verdict.js';
import type { ProtocolChoice, TrialRunOptions } from './suite.js';

/**
 * A framework family's generated trial is judged against the same script run
 * without a fault: what the user's code does with the script is its own
 * choice (a rejected approval sends nothing), and a crash, a resume or a
 * re-run that adds or loses an effect is the defect. The fault-free run's N
 * per intention, its end and the script's calls are kept beside the crashed
 * run's stores under this name.
 */
export const FAULT_FREE = 'fault-free';

/** One tool call of the script: the model's turn that asks for it, and the intention it stands for. */
export interface ScriptCall {
  turn: number;
  intention: string;
}

/** What a trial runs: a protocol (a user's module, imported anew each life, when `file` is given) on a workload. */
export interface TrialSubject<P extends FamilyProtocol, W> {
  protocol: P;
  file?: string;
  workload: W;
  /** Completes each life's fresh instance of a user's module as the trial completed `protocol` (its generated script). */
  adapt?(fresh: P): P;
}

/** The protocol a trial names: the one checked instead (a user's module) when its name matches, else the family's own. */
export function chosenProtocol<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  name: string,
  choice: ProtocolChoice | undefined,
): { protocol: P; file?: string } {
  if (choice?.protocol.name === name) return { protocol: choice.protocol as P, ...(choice.file ? { file: choice.file } : {}) };
  const entry = family.protocols.find((candidate) => candidate.protocol.name === name);
  if (!entry) throw new Error(`no ${family.name} protocol named '${name}'`);
  return { protocol: entry.protocol };
}

/** Runs the subject once under `plan`, then a quiet life in which the conversation or thread must end. */
function runOnce<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  subject: TrialSubject<P, W>,
  options: TrialRunOptions,
  folder: string,
  plan: readonly CrashPoint[],
): Promise<FamilyOutcome> {
  const { protocol, file, workload, adapt } = subject;
  const fresh = file ? (freshInstances(family as unknown as AnyFamily, file, folder) as (life: number) => Promise<P>) : undefined;
  return runFamily(family, {
    protocol,
    // A user's module: every life imports a fresh instance, so module state does not survive a crash.
    ...(fresh ? { freshProtocol: async (life: number) => (adapt ? adapt(await fresh(life)) : fresh(life)) } : {}),
    workload,
    folder,
    medium: options.medium,
    plan,
    livesMax: Math.max(-1, ...plan.map((crash) => crash.life)) + 2,
    quietLife: true,
    writeHistory: options.writeHistory,
  });
}

/** The subject's fault-free run (its stores in `fault-free/` under the trial's folder), then its run under `crashes`. */
export async function runBesideFaultFree<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  subject: TrialSubject<P, W>,
  options: TrialRunOptions,
  crashes: readonly CrashPoint[],
): Promise<{ faultFree: FamilyOutcome; crashed: FamilyOutcome }> {
  const faultFree = await runOnce(family, subject, { ...options, writeHistory: false }, join(options.folder, FAULT_FREE), []);
  const crashed = await runOnce(family, subject, options, options.folder, crashes);
  return { faultFree, crashed };
}

/** The crashed run's outcome with the fault-free run's N (as `count` reads it), end and the script's calls kept beside its stores. */
export function withFaultFree(
  crashed: FamilyOutcome,
  faultFree: FamilyOutcome,
  calls: readonly ScriptCall[],
  count: (outcome: FamilyOutcome) => Readonly<Record<string, number>> = (outcome) => outcome.effects,
  more: Record<string, TableRows> = {},
): FamilyOutcome {
  const effects = Object.entries(count(faultFree)).map(([intention, n]) => ({ intention, n }));
  const end = [{ kind: faultFree.end.kind, message: faultFree.end.kind === 'error' ? faultFree.end.message : null }];
  return { ...crashed, state: { ...crashed.state, [FAULT_FREE]: { ...more, effects, end, calls: calls.map((call) => ({ ...call })) } } };
}

/** The fault-free run's end, as withFaultFree keeps it. */
export function faultFreeEnd(outcome: FamilyOutcome): RunEnd | undefined {
  const row = outcome.state[FAULT_FREE]?.end?.[0];
  if (!row) return undefined;
  if (row.kind === 'error') return { kind: 'error', message: String(row.message) };
  return row.kind === 'completed' ? { kind: 'completed' } : { kind: 'lives-exhausted', livesMax: 0 };
}

/** The script's calls a run carried out (turn, intention), as withFaultFree keeps them. */
export function callsOf(outcome: FamilyOutcome): ScriptCall[] {
  return (outcome.state[FAULT_FREE]?.calls ?? []).map((row) => ({ turn: Number(row.turn), intention: String(row.intention) }));
}

/** How often the model asked for each intention in the run's script. */
export function askedOf(outcome: FamilyOutcome): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { intention } of callsOf(outcome)) counts.set(intention, (counts.get(intention) ?? 0) + 1);
  return counts;
}

/**
 * Each call the model asked for takes effect at most as often as it asked,
 * and a crash changes nothing: N per intention (`effects`, as the caller
 * counts the crashed run) is the fault-free run's.
 */
export function sameAsFaultFree(outcome: FamilyOutcome, effects: Readonly<Record<string, number>> = outcome.effects): Violation | undefined {
  const faultFree = new Map((outcome.state[FAULT_FREE]?.effects ?? []).map((row) => [String(row.intention), Number(row.n)]));
  for (const [intention, times] of askedOf(outcome)) {
    const once = faultFree.get(intention) ?? 0;
    if (once > times)
      return { kind: 'duplicate', intention, message: `${intention} took effect ${once} times without a crash; the model asked ${times}` };
    const n = effects[intention] ?? 0;
    if (n > once) return { kind: 'duplicate', intention, message: `${intention} took effect ${n} times; ${once} without a crash` };
    if (n < once) return { kind: 'lost', intention, message: `${intention} took effect ${n} times; ${once} without a crash` };
  }
  return undefined;
}

/** Calls the model asked for more than once that took effect more than once, as asked: how often a run repeated a call. */
export function repeatedCalls(outcome: FamilyOutcome, effects: Readonly<Record<string, number>> = outcome.effects): number {
  return [...askedOf(outcome)].filter(([intention, times]) => times > 1 && (effects[intention] ?? 0) > 1).length;
}
