import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { summaryLine } from '../../reports/property-summary.js';
import { timeline } from '../../reports/timeline.js';
import type { PropertyResult } from '../check/check-property.js';
import { replayLine } from '../check/replay-line.js';
import { replayProperty } from '../check/replay-property.js';
import { checkChunked } from '../check/check-chunked.js';
import { CHUNK_RUNS, shardChunks, type CheckChunk } from '../check/chunks.js';
import { traceSchedule } from '../check/schedule-trace.js';
import type { Shard } from '../explore/shard.js';
import type { CheckRequest } from '../app/check-request.js';
import { checkRunners } from '../app/check-runners.js';
import type { ProtocolChoice, PropertyDefinition, TrialTransform } from '../check/suite.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { RunWire } from '../engine/run-family.js';
import type { CheckResults, StoredProperty } from '../results/check-results.js';
import { propertyVerdict } from '../results/property-result.js';
import { combinedVerdict } from '../engine/verdict.js';
import { exitForVerdict } from './verdict-exit.js';
import { displayPath, writeJsonAtomic, type RunFolder } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { Progress } from '../app/progress.js';
import { measureSweeps } from './sweep-reports.js';
import { withTransport, type TransportName } from '../app/transport.js';
import { DEFAULT_FAMILY } from '../families/index.js';

/*
 * What `sim check` does once its options are read and checked (check-command.ts):
 * run the selected properties of one family's suite, or replay one run, printing
 * each result and keeping every counterexample's files in the run folder.
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

function storesKept(family: AnyFamily): string {
  return ['orchestrator.db', ...family.receivers.map((receiver) => `${receiver.name}.db`), 'history.jsonl'].join(', ');
}

function workersText(plan: CheckRequest): string {
  const workers = plan.suite.workersOf(plan.bounds);
  return workers === undefined ? '' : `, workers <= ${workers}`;
}

export async function replay(
  plan: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  path: string,
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  const checked = plan.protocol ? `, protocol ${plan.protocol.protocol.name}` : '';
  io.stdout(`sim check: replaying ${definition.name}${checked}, seed ${plan.seed}, path ${path}${workersText(plan)}\n\n`);
  const kept = join(folder.path, definition.name);
  const replayed = await replayProperty(plan.suite, definition, {
    seed: plan.seed,
    path,
    bounds: plan.bounds,
    folder: kept,
    ...runOptions(plan),
  });
  if (!replayed) throw new UsageError(`seed ${plan.seed} and path ${path} name no run of ${definition.name}`);
  io.stdout(`${plan.suite.trialText(replayed.trial)}\n\ntimeline (virtual ms, worker, event):\n${timeline(replayed.events)}\n`);
  const violated = replayed.violation !== undefined;
  io.stdout(violated ? `violation: ${replayed.violation?.kind}: ${replayed.violation?.message}\n` : 'no violation in this run\n');
  io.stdout(`kept: ${displayPath(kept, io.cwd)} (${storesKept(plan.family)})\n`);
  const passed = definition.expect === 'hold' ? !violated : violated;
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
    kept: displayPath(kept, io.cwd),
  });
  io.stdout(`run folder: ${displayPath(folder.path, io.cwd)}\n`);
  return passed ? EXIT.ok : EXIT.checkFailed;
}

/** How many runs a `sim check` makes and who makes them: every property's --runs, the shard's chunks of them, the jobs. */
export interface CheckSize {
  runs: number;
  shard?: Shard;
  jobs: number;
  report?: boolean;
  sweepTrials: number;
}

export async function checkAll(
  plan: CheckRequest,
  selected: PropertyDefinition<unknown, unknown>[],
  options: CheckSize,
  scratch: string,
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  traceSchedule('plan');
  const chunks = shardChunks(selected, options.runs, plan.seed, options.shard);
  const here = selected.filter((definition) => chunks.some((chunk) => chunk.property === definition.name));
  const where =
    plan.store === 'file' ? `fresh SQLite files per run in ${scratch}` : 'in-memory databases (no files; faster, not file-backed)';
  const family = plan.family.name === DEFAULT_FAMILY ? '' : ` of the ${plan.family.name} family`;
  const count = `${selected.length} propert${selected.length === 1 ? 'y' : 'ies'}`;
  const own = plan.familyOptions.length > 0 ? ` with ${plan.familyOptions.flat().join(' ')}` : '';
  const runners = checkRunners(plan, options.jobs, chunks, scratch, io.cwd);
  const shardText = options.shard ? shardLine(options.shard, chunks, selected, options.runs, plan.seed) : '';
  io.stdout(
    `sim check: ${count}${family}${plan.protocol ? ` on protocol ${plan.protocol.protocol.name}` : ''}${own}, ${options.runs} runs each, seed ${plan.seed}${workersText(plan)}, store ${plan.store}: ${where}\n${shardText}${
      plan.leftOut.length > 0 ? `not run unless named, as a protocol need not offer what they need: ${plan.leftOut.join('; ')}\n` : ''
    }\n`,
  );
  const width = Math.max(...selected.map((p) => p.name.length));
  const stored: StoredProperty[] = [];
  const totalRuns = chunks.reduce((sum, chunk) => sum + chunk.runs, 0);
  // One bar for every chunk of the shard, named after the property when there is one (an interruption names it too).
  const progress = new Progress(io, here.length === 1 ? here[0]!.name : 'sim check', Math.max(totalRuns, 1), 'runs');
  const executed = new Map<CheckChunk, number>();
  let doneRuns = 0;
  const started = performance.now();
  try {
    const check = checkChunked(chunks, runners.runners, plan.seed, (chunk, run) => {
      // A chunk's bar counts its runs, not the shrinking after a failure.
      const now = Math.min(run.executed, chunk.runs);
      doneRuns += now - (executed.get(chunk) ?? 0);
      executed.set(chunk, now);
      progress.update(doneRuns, run.failing ? '(shrinking)' : '');
    });
    // A chunk that throws rejects its property's result first, which ends the loop below; `done` rejects with it too.
    check.done.catch(() => {});
    // Each property's line as soon as it and those before it are done: the order is the same whoever ran what.
    for (const { name, result } of check.properties) {
      const merged = await result;
      if (io.isTty) io.stderr('\r\x1b[K');
      stored.push(
        await keepCounterexample(
          plan,
          here.find((definition) => definition.name === name)!,
          merged,
          folder,
          io,
          width,
        ),
      );
    }
    await check.done;
  } finally {
    progress.done();
    await runners.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const verdict = combinedVerdict(stored.map((p) => propertyVerdict(p.outcome)));
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
    verdict,
  };
  writeJsonAtomic(join(folder.path, 'results.json'), results);
  traceSchedule('end');
  // The sweeps are measurements drawn as charts, not checks: they never change the exit code.
  if (options.report) await measureSweeps(folder, plan.family.name, { seed: plan.seed, trialsPerPoint: options.sweepTrials }, io);
  const passed = stored.filter((p) => p.passed).length;
  const executedRuns = stored.reduce((sum, p) => sum + p.runs, 0);
  // Wall-clock time, said as such: how fast this machine ran the check, never part of a verdict.
  const speed = `${executedRuns} runs in ${seconds.toFixed(1)} s, ${Math.round(executedRuns / Math.max(seconds, 1e-9))} runs/s with ${runners.jobs} job${runners.jobs === 1 ? '' : 's'}`;
  io.stdout(
    `\n${passed}/${stored.length} properties passed (seed ${plan.seed}${options.shard ? `, shard ${options.shard.index}/${options.shard.count}` : ''}).\n${speed}.\nrun folder: ${displayPath(folder.path, io.cwd)}\n`,
  );
  return exitForVerdict(verdict);
}

/** What a shard runs, in one line: its chunks of the whole, and that the other shards run the rest. */
function shardLine(
  shard: Shard,
  chunks: readonly CheckChunk[],
  selected: PropertyDefinition<unknown, unknown>[],
  runs: number,
  seed: number,
): string {
  const all = shardChunks(selected, runs, seed, undefined).length;
  return `shard ${shard.index}/${shard.count}: ${chunks.length} of the ${all} chunks (of up to ${CHUNK_RUNS} runs, each with its own seed); the other shards run the rest\n`;
}

/** Prints a property's line; for a counterexample, replays it into the run folder so its files are kept. */
async function keepCounterexample(
  plan: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  result: PropertyResult,
  folder: RunFolder,
  io: Io,
  width: number,
): Promise<StoredProperty> {
  io.stdout(summaryLine(result, width, plan.suite) + '\n');
  // A property that held unexercised because the user's subject never took part (a policy that never answered) says so.
  const unexercised = result.outcome === 'unexercised' ? plan.transform?.unexercisedLine?.(result) : undefined;
  if (unexercised) io.stdout(`    ${unexercised}\n`);
  const stored: StoredProperty = unexercised ? { ...result, unexercisedWhy: unexercised } : result;
  const ce = result.counterexample;
  if (!ce) return stored;
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
  io.stdout(`    replay: ${command}\n    kept:   ${displayPath(kept, io.cwd)}\n`);
  if (!result.passed && replayed) {
    const indented = (text: string) => text.trimEnd().replace(/^/gm, '    ');
    io.stdout(`${indented(plan.suite.trialText(replayed.trial))}\n    timeline:\n${indented(timeline(replayed.events))}\n`);
  }
  return { ...stored, replay: { command, folder: kept } };
}
