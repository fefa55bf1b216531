import { summaryLine } from '../../reports/property-summary.js';
import { timeline } from '../../reports/timeline.js';
import { CHUNK_RUNS } from '../check/chunks.js';
import type { PropertyDefinition } from '../check/suite.js';
import type { AnyFamily } from '../engine/run-case.js';
import { displayPath, type RunFolder } from '../results/run-folder.js';
import { prepareCheckAll, replayOne, type CheckedProperty, type CheckSize } from '../app/check-all.js';
import type { CheckRequest } from '../app/check-request.js';
import { Progress } from '../app/progress.js';
import { DEFAULT_FAMILY } from '../families/index.js';
import { EXIT, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { measureSweeps } from './sweep-reports.js';
import { exitForVerdict } from './verdict-exit.js';

export { withWire, type CheckSize } from '../app/check-all.js';

/*
 * How `sim check` shows a check (check-command.ts reads and checks the
 * options; sim/app/check-all.ts runs it): its header, a line per property as
 * it ends, a counterexample's replay line and timeline, and the totals.
 */

function storesKept(family: AnyFamily): string {
  return ['orchestrator.db', ...family.receivers.map((receiver) => `${receiver.name}.db`), 'history.jsonl'].join(', ');
}

function workersText(plan: CheckRequest): string {
  const workers = plan.suite.workersOf(plan.bounds);
  return workers === undefined ? '' : `, workers <= ${workers}`;
}

const indented = (text: string) => text.trimEnd().replace(/^/gm, '    ');

export async function replay(
  plan: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  path: string,
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  const checked = plan.protocol ? `, protocol ${plan.protocol.protocol.name}` : '';
  io.stdout(`sim check: replaying ${definition.name}${checked}, seed ${plan.seed}, path ${path}${workersText(plan)}\n\n`);
  const { replayed, passed, kept } = await replayOne(plan, definition, path, folder, io.cwd);
  io.stdout(`${plan.suite.trialText(replayed.trial)}\n\ntimeline (virtual ms, worker, event):\n${timeline(replayed.events)}\n`);
  io.stdout(replayed.violation ? `violation: ${replayed.violation.kind}: ${replayed.violation.message}\n` : 'no violation in this run\n');
  io.stdout(`kept: ${kept} (${storesKept(plan.family)})\n`);
  io.stdout(`run folder: ${displayPath(folder.path, io.cwd)}\n`);
  return passed ? EXIT.ok : EXIT.checkFailed;
}

export async function checkAll(
  plan: CheckRequest,
  selected: PropertyDefinition<unknown, unknown>[],
  options: CheckSize,
  scratch: string,
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  const check = prepareCheckAll(plan, selected, options, scratch, folder, io.cwd);
  const where =
    plan.store === 'file'
      ? `fresh SQLite files per run in ${scratch}`
      : 'in-memory databases, serialized between lives (a counterexample is replayed into files)';
  const family = plan.family.name === DEFAULT_FAMILY ? '' : ` of the ${plan.family.name} family`;
  const count = `${selected.length} propert${selected.length === 1 ? 'y' : 'ies'}`;
  const own = plan.familyOptions.length > 0 ? ` with ${plan.familyOptions.flat().join(' ')}` : '';
  const shardText = options.shard
    ? `shard ${options.shard.index}/${options.shard.count}: ${check.chunks.length} of the ${check.allChunks} chunks (of up to ${CHUNK_RUNS} runs, each with its own seed); the other shards run the rest\n`
    : '';
  io.stdout(
    `sim check: ${count}${family}${plan.protocol ? ` on protocol ${plan.protocol.protocol.name}` : ''}${own}, ${options.runs} runs each, seed ${plan.seed}${workersText(plan)}, store ${plan.store}: ${where}\n${shardText}${
      plan.leftOut.length > 0 ? `not run unless named, as a protocol need not offer what they need: ${plan.leftOut.join('; ')}\n` : ''
    }\n`,
  );
  const width = Math.max(...selected.map((p) => p.name.length));
  // One bar for every chunk of the shard, named after the property when there is one (an interruption names it too).
  const progress = new Progress(io, check.here.length === 1 ? check.here[0]!.name : 'sim check', check.totalRuns, 'runs');
  const showProperty = (checked: CheckedProperty) => {
    if (io.isTty) io.stderr('\r\x1b[K');
    io.stdout(propertyLines(plan, checked, width));
  };
  let run;
  try {
    run = await check.run({
      onRuns: (done, shrinking) => progress.update(done, shrinking ? '(shrinking)' : ''),
      onProperty: showProperty,
    });
  } finally {
    progress.done();
  }
  // The sweeps are measurements drawn as charts, not checks: they never change the exit code.
  if (options.report) await measureSweeps(folder, plan.family.name, { seed: plan.seed, trialsPerPoint: options.sweepTrials }, io);
  const stored = run.results.properties;
  const passed = stored.filter((p) => p.passed).length;
  const speed = `${run.executedRuns} runs in ${run.seconds.toFixed(1)} s, ${Math.round(run.executedRuns / Math.max(run.seconds, 1e-9))} runs/s with ${run.jobs} job${run.jobs === 1 ? '' : 's'}`;
  io.stdout(
    `\n${passed}/${stored.length} properties passed (seed ${plan.seed}${options.shard ? `, shard ${options.shard.index}/${options.shard.count}` : ''}).\n${speed}.\nrun folder: ${displayPath(folder.path, io.cwd)}\n`,
  );
  return exitForVerdict(run.results.verdict);
}

/** A property's line; a counterexample's replay line, kept folder, trial and timeline. */
function propertyLines(plan: CheckRequest, checked: CheckedProperty, width: number): string {
  const lines = [summaryLine(checked.stored, width, plan.suite)];
  if (checked.unexercisedWhy) lines.push(`    ${checked.unexercisedWhy}`);
  if (checked.kept) {
    lines.push(`    replay: ${checked.kept.command}`, `    kept:   ${checked.kept.folder}`);
    const replayed = checked.kept.replayed;
    if (!checked.stored.passed && replayed)
      lines.push(indented(plan.suite.trialText(replayed.trial)), '    timeline:', indented(timeline(replayed.events)));
  }
  return lines.join('\n') + '\n';
}
