import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PropertyResult } from '../check/check-property.js';
import { checkChunked } from '../check/check-chunked.js';
import { shardChunks, type CheckChunk } from '../check/chunks.js';
import { replayLine } from '../check/replay-line.js';
import { replayProperty, type Replay } from '../check/replay-property.js';
import { traceSchedule } from '../check/schedule-trace.js';
import type { ProtocolChoice, PropertyDefinition, TrialTransform } from '../check/suite.js';
import type { RunWire } from '../engine/run-family.js';
import { InputError } from '../engine/input-error.js';
import { combinedVerdict } from '../engine/verdict.js';
import type { Shard } from '../explore/shard.js';
import type { CheckResults, StoredProperty } from '../results/check-results.js';
import { propertyVerdict } from '../results/property-result.js';
import { displayPath, writeJsonAtomic, type RunFolder } from '../results/run-folder.js';
import type { CheckRequest } from './check-request.js';
import { checkRunners } from './check-runners.js';
import { withTransport, type TransportName } from './transport.js';

/*
 * What `sim check` does once its options are read and checked: run the
 * selected properties of one family's suite, or replay one run, keeping every
 * counterexample's files in the run folder and writing results.json. The face
 * renders what these return and report.
 */

function runOptions(plan: CheckRequest): { protocol?: ProtocolChoice; transform?: TrialTransform<unknown>; openWire?: () => RunWire } {
  return {
    ...(plan.protocol ? { protocol: plan.protocol } : {}),
    ...(plan.transform ? { transform: plan.transform } : {}),
    ...(plan.openWire ? { openWire: plan.openWire } : {}),
  };
}

/** Runs the work with the HTTP transport up when it is asked for (one wire a run), closed however the work ends. */
export function withWire<T>(plan: CheckRequest, transport: TransportName, work: (wired: CheckRequest) => Promise<T>): Promise<T> {
  return withTransport(transport, async (http) => work(http ? { ...plan, openWire: http.open } : plan));
}

/** How many runs a `sim check` makes and who makes them: every property's --runs, the shard's chunks of them, the jobs. */
export interface CheckSize {
  runs: number;
  shard?: Shard;
  jobs: number;
  report?: boolean;
  sweepTrials: number;
}

/** A property as it ends: its stored result, and the replayed counterexample kept in the run folder when it has one. */
export interface CheckedProperty {
  stored: StoredProperty;
  unexercisedWhy?: string;
  kept?: { command: string; folder: string; replayed: Replay<unknown> | undefined };
}

export interface CheckAllRun {
  results: CheckResults;
  /** Runs made, wall-clock seconds and jobs: how fast this machine ran the check, never part of a verdict. */
  executedRuns: number;
  seconds: number;
  jobs: number;
}

/** A check's chunks decided, before any run: what the face's header says. */
export interface PreparedCheckAll {
  chunks: readonly CheckChunk[];
  /** Chunks of the whole check, every shard's. */
  allChunks: number;
  /** The selected properties this shard runs. */
  here: readonly PropertyDefinition<unknown, unknown>[];
  /** Runs this shard makes (at least one, for a progress bar): shrinking a failure comes on top. */
  totalRuns: number;
  run(observer: { onRuns(done: number, shrinking: boolean): void; onProperty(property: CheckedProperty): void }): Promise<CheckAllRun>;
}

export function prepareCheckAll(
  plan: CheckRequest,
  selected: PropertyDefinition<unknown, unknown>[],
  options: CheckSize,
  scratch: string,
  folder: RunFolder,
  cwd: string,
): PreparedCheckAll {
  traceSchedule('plan');
  const chunks = shardChunks(selected, options.runs, plan.seed, options.shard);
  const here = selected.filter((definition) => chunks.some((chunk) => chunk.property === definition.name));
  const allChunks = options.shard ? shardChunks(selected, options.runs, plan.seed, undefined).length : chunks.length;
  return {
    chunks,
    allChunks,
    here,
    totalRuns: Math.max(
      chunks.reduce((sum, chunk) => sum + chunk.runs, 0),
      1,
    ),
    async run(observer) {
      const runners = checkRunners(plan, options.jobs, chunks, scratch, cwd);
      const stored: StoredProperty[] = [];
      const executed = new Map<CheckChunk, number>();
      let doneRuns = 0;
      const started = performance.now();
      try {
        const check = checkChunked(chunks, runners.runners, plan.seed, (chunk, run) => {
          // A chunk's count is its runs, not the shrinking after a failure.
          const now = Math.min(run.executed, chunk.runs);
          doneRuns += now - (executed.get(chunk) ?? 0);
          executed.set(chunk, now);
          observer.onRuns(doneRuns, Boolean(run.failing));
        });
        // A chunk that throws rejects its property's result first, which ends the loop below; `done` rejects with it too.
        check.done.catch(() => {});
        // Each property as soon as it and those before it are done: the order is the same whoever ran what.
        for (const { name, result } of check.properties) {
          const checked = await keepCounterexample(
            plan,
            here.find((definition) => definition.name === name)!,
            await result,
            folder,
            cwd,
          );
          observer.onProperty(checked);
          stored.push(checked.stored);
        }
        await check.done;
      } finally {
        await runners.close();
      }
      const results: CheckResults = {
        kind: 'check',
        tool: 'cutpoint',
        family: plan.family.name,
        runId: folder.runId,
        startedAt: folder.startedAt,
        seed: plan.seed,
        runs: options.runs,
        ...(options.shard ? { shard: options.shard } : {}),
        bounds: plan.bounds,
        store: plan.store,
        properties: stored,
        verdict: combinedVerdict(stored.map((p) => propertyVerdict(p.outcome))),
      };
      writeJsonAtomic(join(folder.path, 'results.json'), results);
      traceSchedule('end');
      return {
        results,
        executedRuns: stored.reduce((sum, p) => sum + p.runs, 0),
        seconds: (performance.now() - started) / 1000,
        jobs: runners.jobs,
      };
    },
  };
}

/** A property's result; for a counterexample, replayed into the run folder so its files are kept. */
async function keepCounterexample(
  plan: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  result: PropertyResult,
  folder: RunFolder,
  cwd: string,
): Promise<CheckedProperty> {
  // A property that held unexercised because the user's subject never took part (a policy that never answered) says so.
  const unexercisedWhy = result.outcome === 'unexercised' ? plan.transform?.unexercisedLine?.(result) : undefined;
  const stored: StoredProperty = unexercisedWhy ? { ...result, unexercisedWhy } : result;
  const ce = result.counterexample;
  if (!ce) return { stored, ...(unexercisedWhy ? { unexercisedWhy } : {}) };
  const kept = join(folder.path, definition.name);
  // The seed of the chunk that found it: the line replays it without --shard, and without --runs.
  const command = replayLine({
    family: plan.family.name,
    property: definition.name,
    seed: ce.seed,
    path: ce.path,
    options: plan.replayOptions,
  });
  const replayed = await replayProperty(plan.suite, definition, {
    seed: ce.seed,
    path: ce.path,
    bounds: plan.bounds,
    folder: kept,
    ...runOptions(plan),
  });
  return {
    stored: { ...stored, replay: { command, folder: kept } },
    ...(unexercisedWhy ? { unexercisedWhy } : {}),
    kept: { command, folder: displayPath(kept, cwd), replayed },
  };
}

export interface ReplayedRun {
  replayed: Replay<unknown>;
  passed: boolean;
  /** The kept files' folder, as the user reads it. */
  kept: string;
}

/** Replays one run of a property (its seed and path) into the run folder and writes the replay's results.json. */
export async function replayOne(
  plan: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  path: string,
  folder: RunFolder,
  cwd: string,
): Promise<ReplayedRun> {
  const keptPath = join(folder.path, definition.name);
  const replayed = await replayProperty(plan.suite, definition, {
    seed: plan.seed,
    path,
    bounds: plan.bounds,
    folder: keptPath,
    ...runOptions(plan),
  });
  if (!replayed) throw new InputError(`seed ${plan.seed} and path ${path} name no run of ${definition.name}`);
  const violated = replayed.violation !== undefined;
  const passed = definition.expect === 'hold' ? !violated : violated;
  const kept = displayPath(keptPath, cwd);
  // The replay's own results.json, so that --format json (and a script) reads it as any run's.
  writeJsonAtomic(join(folder.path, 'results.json'), {
    kind: 'check-replay',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    family: plan.family.name,
    property: definition.name,
    ...(plan.protocol ? { protocol: plan.protocol.protocol.name } : {}),
    seed: plan.seed,
    path,
    store: plan.store,
    violation: replayed.violation ?? null,
    verdict: passed ? 'pass' : 'fail',
    kept,
  });
  return { replayed, passed, kept };
}
