import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { RunWire } from '../engine/run-family.js';
import { mapWorkers, type Slot } from '../process/pool.js';
import type { ExploreBounds } from './controlled-run.js';
import type { ExploreResult } from '../results/explore-result.js';
import type { ProtocolSource } from './protocol-source.js';
import { shardItems, type Shard } from './shard.js';
import { splitSubtrees, SUBTREES_MIN } from './split.js';
import { startSubtreePool, type SubtreePool } from './subtree-pool.js';
import { exploreSubtree, type SubtreeVerdicts } from './subtree.js';
import { closeExploreStores, reduces, type ExploreTarget } from './target.js';
import { mergeVerdicts } from './verdicts.js';

/** One protocol of an exploration of several, and how a worker process finds it again (needed when jobs > 1). */
export interface ExploreSubject {
  family: AnyFamily;
  protocol: FamilyProtocol;
  source?: ProtocolSource;
}

export interface ExploreAllOptions {
  /** The most executions per protocol. */
  executionsMax: number;
  memoise?: boolean;
  /** Default true: explore one order of independent steps (partial-order reduction); false runs every interleaving. */
  reduction?: boolean;
  /** Executions so far, of every protocol together. */
  onProgress?: (schedules: number) => void;
  /** A fresh wire per execution when receivers are reached over a real transport (--transport http). */
  openWire?: () => RunWire;
  /** Keeps every n-th subtree of each protocol's split. */
  shard?: Shard;
  /** Subtrees explored at a time (default 1): this process and jobs - 1 worker processes, which load the protocols by their sources. */
  jobs?: number;
  /** Told of every subtree once explored: who ran it and when (real ms since the start), for finding where a core waited. */
  onUnit?: (record: UnitRecord) => void;
}

/** One subtree's exploration as it happened: a measurement, which decides nothing. */
export interface UnitRecord {
  protocol: string;
  key: string;
  /** 0: this process; 1 and up: a worker process. */
  runner: number;
  startMs: number;
  endMs: number;
  schedules: number;
}

/** One subtree of one protocol: the unit a slot of the pool takes. */
interface Unit {
  subject: number;
  key: number[];
  /** Its place among its protocol's subtrees (of this shard), where its verdicts are merged. */
  position: number;
}

type UnitRunner = ((unit: Unit, executionsMax: number) => Promise<SubtreeVerdicts>) & Slot;

/**
 * How far a subtree's key departs from the first alternatives: each
 * departure spends a crash or a reordering, so the subtree below has that much
 * less room. Fewer departures, bigger subtree: outbox-dedup's 8 subtrees at
 * W=2 I=2 D=2 hold 1,495 executions with none, 389-391 with one, 29-36 with two.
 */
function departures(unit: Unit): number {
  return unit.key.filter((alternative) => alternative !== 0).length;
}

/**
 * Explores several protocols within the same bounds on one pool: every
 * protocol's subtrees are units of one queue, the biggest expected first
 * (whichever protocol they belong to), so that no core waits at the end
 * for a protocol's biggest subtree. Each protocol's result is exactly what
 * exploring it alone gives (subtrees are explored on their own, merged in
 * their order, and the bound on executions is applied per protocol in that
 * order); only the times differ. Results come in the subjects' order.
 */
export async function exploreAll(
  subjects: readonly ExploreSubject[],
  bounds: ExploreBounds,
  options: ExploreAllOptions,
): Promise<ExploreResult[]> {
  const started = performance.now();
  const targets: ExploreTarget[] = subjects.map(({ family, protocol, source }) => ({
    family,
    protocol,
    bounds,
    memoise: options.memoise ?? true,
    reduction: options.reduction ?? true,
    ...(options.openWire ? { openWire: options.openWire } : {}),
    ...(source?.protocolFile ? { protocolFile: source.protocolFile } : {}),
  }));
  let executions = 0;
  const counted = () => options.onProgress?.(++executions);
  const here: UnitRunner = (unit, executionsMax) => exploreSubtree(targets[unit.subject]!, unit.key, executionsMax, counted);
  // The wire is this process's server, and real folders are this process's scratch: such explorations stay in this process.
  const hereOnly = options.openWire !== undefined || subjects.some((subject) => subject.family.needsRealFolder === true);
  const sources = subjects.map((subject) => subject.source);
  const splits: number[][][] = [];
  const units: Unit[] = [];
  let pool: SubtreePool | undefined;
  const doneMs = subjects.map(() => 0);
  const record = (unit: Unit, runner: number, startMs: number, schedules: number) =>
    options.onUnit?.({
      protocol: subjects[unit.subject]!.protocol.name,
      key: unit.key.join(':'),
      runner,
      startMs: startMs - started,
      endMs: performance.now() - started,
      schedules,
    });
  const inWorkers = subjects.map(() => 0);
  try {
    for (const [subject, target] of targets.entries()) {
      const all = await splitSubtrees(target);
      splits.push(all);
      units.push(...shardItems(all, options.shard).map((key, position) => ({ subject, key, position })));
      // A tree too small to split in full was mostly explored by the split itself: starting processes would cost more than
      // it saves. Once there are enough subtrees, the workers start loading while the other protocols are split.
      const processes = units.length >= SUBTREES_MIN && !hereOnly ? Math.min((options.jobs ?? 1) - 1, units.length - 1) : 0;
      if (pool || processes === 0) continue;
      if (!sources.every((source) => source !== undefined))
        throw new Error('explore: jobs > 1 needs every protocol source for its worker processes');
      pool = startSubtreePool(
        { sources: sources as ProtocolSource[], bounds, memoise: options.memoise ?? true, reduction: options.reduction ?? true },
        processes,
        counted,
      );
    }
    const inWorker = (pool?.runners ?? []).map((runner): UnitRunner =>
      Object.assign(
        async (unit: Unit, executionsMax: number) => {
          const { family, protocol } = sources[unit.subject]!;
          const part = await runner({ family, protocol, key: unit.key, executionsMax });
          inWorkers[unit.subject]!++;
          return part;
        },
        { ready: runner.ready },
      ),
    );
    const parts = pool
      ? await exploreOnPool(
          units,
          subjects.length,
          [here, ...inWorker],
          here,
          options.executionsMax,
          (subject) => {
            doneMs[subject] = performance.now() - started;
          },
          record,
        )
      : await exploreInTurn(
          units,
          subjects.length,
          here,
          options.executionsMax,
          (subject) => {
            doneMs[subject] = performance.now() - started;
          },
          record,
        );
    return subjects.map((subject, index): ExploreResult => {
      const found = parts[index]!;
      const merged = mergeVerdicts(found);
      return {
        protocol: subject.protocol.name,
        bounds,
        schedules: merged.schedules,
        complete: merged.schedules - merged.pruned,
        pruned: merged.pruned,
        distinctEndStates: merged.endStates.length,
        endStates: merged.endStates,
        violations: merged.violations,
        reduction: { on: reduces(targets[index]!), skipped: merged.skipped },
        exhaustive: merged.exhaustive && found.length === units.filter((unit) => unit.subject === index).length,
        subtrees: { total: splits[index]!.length, explored: found.length, inWorkers: inWorkers[index]! },
        ...(options.shard ? { shard: options.shard } : {}),
        timeMs: doneMs[index]!,
      };
    });
  } finally {
    await pool?.close();
    closeExploreStores();
  }
}

/** Each protocol's subtrees in turn, in order, with what is left of its budget; a protocol stops where its budget runs out. */
async function exploreInTurn(
  units: readonly Unit[],
  subjects: number,
  here: UnitRunner,
  executionsMax: number,
  onDone: (subject: number) => void,
  onUnit: (unit: Unit, runner: number, startMs: number, schedules: number) => void,
): Promise<SubtreeVerdicts[][]> {
  const parts: SubtreeVerdicts[][] = [];
  for (let subject = 0; subject < subjects; subject++) {
    const kept: SubtreeVerdicts[] = [];
    let budget = executionsMax;
    for (const unit of units.filter((candidate) => candidate.subject === subject)) {
      if (budget === 0) break;
      const startMs = performance.now();
      const part = await here(unit, budget);
      onUnit(unit, 0, startMs, part.schedules);
      kept.push(part);
      budget -= part.schedules;
    }
    parts.push(kept);
    onDone(subject);
  }
  return parts;
}

/**
 * Every unit on the pool, the biggest expected first (this process takes
 * the first at once, a worker takes units once it has loaded), each with the
 * whole budget; then, per protocol in its subtrees' order, a subtree that
 * used more than was left after those before it is explored again by `here`,
 * cut off where a single runner would have stopped.
 */
async function exploreOnPool(
  units: readonly Unit[],
  subjects: number,
  runners: readonly UnitRunner[],
  here: UnitRunner,
  executionsMax: number,
  onDone: (subject: number) => void,
  onUnit?: (unit: Unit, runner: number, startMs: number, schedules: number) => void,
): Promise<SubtreeVerdicts[][]> {
  // A stable sort: between equal departures, the protocols' order, then the subtrees' (depth-first) order.
  const queue = [...units].sort((a, b) => departures(a) - departures(b));
  const left = Array.from({ length: subjects }, (_, subject) => units.filter((unit) => unit.subject === subject).length);
  const found = await mapWorkers(queue, runners, async (runner, unit) => {
    const startMs = performance.now();
    const part = await runner(unit, executionsMax);
    onUnit?.(unit, runners.indexOf(runner), startMs, part.schedules);
    if (--left[unit.subject]! === 0) onDone(unit.subject);
    return part;
  });
  const inOrder: SubtreeVerdicts[][] = Array.from({ length: subjects }, () => []);
  for (const [index, unit] of queue.entries()) inOrder[unit.subject]![unit.position] = found[index]!;
  const parts: SubtreeVerdicts[][] = [];
  for (const [subject, list] of inOrder.entries()) {
    const kept: SubtreeVerdicts[] = [];
    let budget = executionsMax;
    for (const [position, part] of list.entries()) {
      if (budget === 0) break;
      const unit = units.find((candidate) => candidate.subject === subject && candidate.position === position)!;
      const trimmed = part.schedules > budget ? await here(unit, budget) : part;
      kept.push(trimmed);
      budget -= trimmed.schedules;
    }
    parts.push(kept);
  }
  return parts;
}
