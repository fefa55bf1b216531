import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { PlanProtocol } from '../../protocols/plan/types.js';
import { DEFAULT_PLAN_BOUNDS } from '../../scenarios/plan/properties/arbitraries.js';
import {
  checkPlanProperty,
  replayLine,
  replayPlanProperty,
  type PlanPropertyResult,
} from '../../scenarios/plan/properties/check-plan-property.js';
import { PLAN_PROPERTIES, type PlanPropertyDefinition } from '../../scenarios/plan/properties/definitions.js';
import { planFamily } from '../plan/plan-family.js';
import { createRunFolder, displayPath, writeJsonAtomic } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { resolveProtocols } from './load-protocol.js';
import { createScratch, defaultScratchParent } from './scratch.js';

export interface PlanCheckOptions {
  runs: number;
  seed?: number;
  path?: string;
  out: string;
  scratch?: string;
  list?: boolean;
  protocol?: string;
}

function select(names: readonly string[], protocol: PlanProtocol | undefined): PlanPropertyDefinition[] {
  if (names.length === 0) return PLAN_PROPERTIES.filter((p) => protocol === undefined || p.expect === 'hold');
  return names.map((name) => {
    const found = PLAN_PROPERTIES.find((p) => p.name === name);
    if (!found) throw new UsageError(`unknown plan property '${name}'; valid: ${PLAN_PROPERTIES.map((p) => p.name).join(', ')}.`);
    if (protocol && found.expect === 'find')
      throw new UsageError(`${name} is a negative control on its own flawed protocol: it takes no --protocol.`);
    return found;
  });
}

function resultLine(result: PlanPropertyResult): string {
  const mark = result.passed ? '✓' : '✗';
  const what =
    result.expect === 'hold'
      ? `${result.outcome} over ${result.runs} runs`
      : `${result.outcome} after ${result.runs} runs, ${result.shrinks} shrinks`;
  const lines = [`${mark} ${result.name} (${result.protocol}): ${what}, ${Math.round(result.timeMs)} ms`];
  if (result.unfired.length > 0) lines.push(`    never fired: ${result.unfired.join(', ')}`);
  if (result.counterexample) {
    lines.push(
      `    ${result.counterexample.violation?.kind ?? 'violation'}: ${result.counterexample.violation?.message ?? '(none recorded)'}`,
    );
    lines.push(`    replay: ${result.counterexample.replay}`);
  }
  return lines.join('\n');
}

/**
 * `sim check --family plan`: the plan family's properties with fast-check,
 * or (with --seed and --path) the replay of one run, its files kept in a run
 * folder. Exit 0 when every property held and every control found its bug.
 */
export async function planCheckCommand(names: readonly string[], options: PlanCheckOptions, io: Io): Promise<ExitCode> {
  if (options.list) {
    const width = Math.max(...PLAN_PROPERTIES.map((p) => p.name.length));
    for (const p of PLAN_PROPERTIES)
      io.stdout(`${p.name.padEnd(width)}  ${p.expect === 'hold' ? 'holds' : 'finds'}  ${p.protocol}: ${p.title}\n`);
    return EXIT.ok;
  }
  const protocol =
    options.protocol === undefined
      ? undefined
      : // The plan family's resolver gives back protocols of the plan family: built-ins, or modules it checked into one.
        ((await resolveProtocols(planFamily, [options.protocol], io.cwd)).protocols[0] as PlanProtocol | undefined);
  const selected = select(names, protocol);
  const seed = options.seed ?? randomInt(0, 2 ** 31);
  if (options.path !== undefined) {
    const definition = selected[0];
    if (options.seed === undefined || selected.length !== 1 || !definition) {
      throw new UsageError('--path replays one run: give exactly one property and its --seed, as printed with the failure.');
    }
    const runFolder = createRunFolder(resolve(io.cwd, options.out));
    const folder = join(runFolder.path, 'plan', definition.name);
    const replay = await replayPlanProperty(definition, {
      seed,
      path: options.path,
      bounds: DEFAULT_PLAN_BOUNDS,
      folder,
      ...(protocol ? { protocol } : {}),
    });
    if (!replay) throw new UsageError(`--path ${options.path} names no run of ${definition.name} with seed ${seed}`);
    io.stdout(
      `replayed ${definition.name} (seed ${seed}, path ${options.path}): ${replay.violation ? `${replay.violation.kind}: ${replay.violation.message}` : 'no violation'}\n`,
    );
    io.stdout(`trial: ${JSON.stringify(replay.trial)}\nfiles: ${displayPath(folder, io.cwd)}\n`);
    const asExpected = definition.expect === 'hold' ? replay.violation === undefined : replay.violation !== undefined;
    return asExpected ? EXIT.ok : EXIT.checkFailed;
  }
  const scratch = createScratch(options.scratch ?? defaultScratchParent());
  try {
    const runFolder = createRunFolder(resolve(io.cwd, options.out));
    io.stdout(`sim check --family plan: seed ${seed}, ${options.runs} runs per property\n`);
    const results: PlanPropertyResult[] = [];
    for (const definition of selected) {
      const result = await checkPlanProperty(definition, {
        runs: options.runs,
        seed,
        bounds: DEFAULT_PLAN_BOUNDS,
        scratch: scratch.path,
        ...(protocol ? { protocol } : {}),
      });
      if (result.counterexample) result.counterexample.replay = replayLine(definition, seed, result.counterexample.path, options.protocol);
      results.push(result);
      io.stdout(resultLine(result) + '\n');
    }
    const passed = results.every((result) => result.passed);
    writeJsonAtomic(join(runFolder.path, 'results.json'), {
      kind: 'check',
      tool: 'cutpoint',
      family: 'plan',
      runId: runFolder.runId,
      startedAt: runFolder.startedAt,
      seed,
      properties: results,
    });
    io.stdout(
      `${results.filter((r) => r.passed).length} of ${results.length} as expected\nrun folder: ${displayPath(runFolder.path, io.cwd)}\n`,
    );
    return passed ? EXIT.ok : EXIT.checkFailed;
  } finally {
    scratch.remove();
  }
}
