import type { FamilyProtocol } from '../engine/family.js';
import { freshInstances, type AnyFamily } from '../engine/run-case.js';
import type { RunWire } from '../engine/run-family.js';
import { ChoiceLog } from './choices.js';
import { runControlled, type Execution, type ExecutionStart, type ExploreBounds } from './controlled-run.js';
import type { LifeStarts } from './life-starts.js';
import type { SleepSets } from './sleep-sets.js';
import { exploreStores, type ExploreStores } from './explore-stores.js';

/** What is explored: one protocol of a family within bounds, and whether explored states are remembered. */
export interface ExploreTarget {
  family: AnyFamily;
  protocol: FamilyProtocol;
  bounds: ExploreBounds;
  /** Default true: a state whose continuations were all explored stops an execution that reaches it again. */
  memoise?: boolean;
  /** A fresh wire per execution when receivers are reached over a real transport (--transport http). */
  openWire?: () => RunWire;
  /** The user's module `protocol` came from: every life of every execution imports a fresh instance of it. */
  protocolFile?: string;
  /** Default true: one order of independent steps is explored, where the footprints of steps can be known (see reduces). */
  reduction?: boolean;
}

/**
 * The workload an exploration runs: the case the protocol brings (a user's
 * graph module names its own input and tool calls), else the family's for
 * the bounds' intentions.
 */
export function exploreWorkloadOf(target: Pick<ExploreTarget, 'family' | 'protocol' | 'bounds'>): unknown {
  return target.family.protocolWorkload?.(target.protocol) ?? target.family.exploreWorkload(target.bounds.intentions);
}

/**
 * Whether the target's exploration is reduced: asked for, and the steps'
 * footprints are all in what the statements show. A user's module may share
 * memory between its workers and a real wire carries calls no statement
 * shows: their steps conflict with everything, so reducing would skip nothing.
 */
export function reduces(target: ExploreTarget): boolean {
  return target.reduction !== false && target.family.stepsShareOnlyStores === true && !target.protocolFile && !target.openWire;
}

/**
 * The workers a reduced exploration of the target takes as interchangeable
 * (symmetry reduction), none when it is not reduced. A user's module may
 * keep a worker's name in memory no fingerprint reads, so it gets none.
 */
export function interchangeableOf(target: ExploreTarget): readonly string[] {
  return reduces(target) ? (target.family.interchangeableWorkers?.(target.bounds.workers) ?? []) : [];
}

/** Executions of this thread so far: names each one's module instances, so no execution meets another's module state. */
let executionsStarted = 0;

/** This thread's stores for a family whose world keeps real files (one tmpfs scratch folder, made on first use). */
let realFolders: ExploreStores | undefined;

/** Removes this thread's scratch folder of real files, if an exploration made one. */
export function closeExploreStores(): void {
  realFolders?.close();
  realFolders = undefined;
}

/**
 * One execution of the target following `prefix` (then first alternatives):
 * on fresh in-memory stores, or, for a family whose world keeps real files
 * beside its stores (the plan family's checkpoint), on real files in a
 * tmpfs folder of its own, removed once the execution is judged.
 */
export async function executeSchedule(
  target: ExploreTarget,
  prefix: readonly number[],
  explored: Pick<ReadonlySet<string>, 'has'>,
  known: readonly string[],
  folder: string,
  /** The recoveries the last execution started, which shares all but the last of `prefix`'s choices with this one. */
  starts?: LifeStarts,
  /** The reduction's sleep sets for this execution, when the search is reduced. */
  sleep?: SleepSets,
): Promise<Execution> {
  const workload = exploreWorkloadOf(target);
  const log = new ChoiceLog(prefix, explored, known);
  const stores = target.family.needsRealFolder ? (realFolders ??= exploreStores(target.family)) : undefined;
  const where = stores ? stores.named(folder) : folder;
  // Only in-memory stores of this execution's own can be taken up again where an earlier execution left them.
  const resuming = stores || target.openWire ? undefined : starts;
  const resume = resuming?.resumeFor(Math.max(0, prefix.length - 1));
  const execution = ++executionsStarted;
  try {
    return await runControlled({
      family: target.family,
      protocol: target.protocol,
      workload,
      bounds: target.bounds,
      log,
      folder: where,
      ...(stores ? { medium: stores.medium() } : {}),
      ...(target.openWire ? { wire: target.openWire() } : {}),
      ...(target.protocolFile ? { freshProtocol: freshInstances(target.family, target.protocolFile, `explore-${execution}`) } : {}),
      ...(resume ? { resume } : {}),
      ...(sleep ? { sleep, interchangeable: interchangeableOf(target) } : {}),
      ...(resuming ? { onLifeStart: (start: ExecutionStart) => resuming.record(start) } : {}),
    });
  } finally {
    stores?.discard(where);
  }
}
