import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { checkLine } from '../sim/check/fresh-seeds.js';
import { handleInterrupts, onInterrupt } from '../sim/process/interrupt.js';
import { allPropertySuites } from '../sim/families/index.js';
import { counted } from '../reports/plural.js';
import { soak, type FamilyCoverage, type SoakStep } from './soak-rounds.js';

/**
 * `npm run soak -- --minutes M [--runs R] [--family F]...`: fresh seeds over every family's
 * correct and repaired protocols and all their properties until the time is
 * up (bench/soak-rounds.ts). Progress on stderr; at the end, on stdout, the
 * runs and seeds covered per family, every counterexample with the lines
 * that reproduce it, and any fault a check needs that no seed fired. Exit 0:
 * no counterexample; 1: one or more; 2: bad input; 3: the soak's own bug;
 * 130 or 143: interrupted, after the summary so far.
 */
const MINUTES_MAX = 7 * 24 * 60;
const RUNS_MAX = 1_000_000;
const USAGE =
  'usage: npm run soak -- --minutes M [--runs R] [--family F]... (M minutes, up to a week; R runs per property and seed, default 500; F a family, default all)';

function positive(name: string, text: string | undefined, max: number, whole: boolean): number | string {
  const value = Number(text);
  const shape = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (text === undefined || !shape.test(text) || value <= 0 || value > max)
    return `--${name} must be a ${whole ? 'whole ' : ''}number above 0, at most ${max}; got '${text ?? ''}'. ${USAGE}`;
  return value;
}

function parse(argv: readonly string[], known: readonly string[]): { minutes: number; runs: number; families?: string[] } | string {
  let values: { minutes?: string; runs?: string; family?: string[] };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { minutes: { type: 'string' }, runs: { type: 'string' }, family: { type: 'string', multiple: true } },
      strict: true,
    }));
  } catch (error) {
    // node's own message, on one line: its first sentence.
    const message = error instanceof Error ? error.message : String(error);
    return `${message.split('\n')[0]!.replace(/\.$/, '')}. ${USAGE}`;
  }
  if (values.minutes === undefined) return `--minutes is required. ${USAGE}`;
  const minutes = positive('minutes', values.minutes, MINUTES_MAX, false);
  const runs = values.runs === undefined ? 500 : positive('runs', values.runs, RUNS_MAX, true);
  if (typeof minutes === 'string') return minutes;
  if (typeof runs === 'string') return runs;
  const unknown = values.family?.find((family) => !known.includes(family));
  if (unknown !== undefined) return `unknown family '${unknown}'; valid: ${known.join(', ')}. ${USAGE}`;
  return { minutes, runs, ...(values.family ? { families: values.family } : {}) };
}

function stepLine(step: SoakStep, elapsedMs: number): string {
  const { check, result } = step;
  const seconds = Math.floor(elapsedMs / 1000);
  const clock = `${Math.floor(seconds / 3600)}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return `[${clock}] ${check.family} ${check.property} on ${check.protocol}, seed ${step.seed}: ${result.outcome}, ${result.runs} runs in ${(step.timeMs / 1000).toFixed(1)} s\n`;
}

function summary(coverage: readonly FamilyCoverage[], minutes: number, runs: number, ended: string): string {
  const lines = [`soak: fresh seeds, ${runs} runs per property and seed, ${ended} after ${minutes} minutes`];
  for (const family of coverage)
    lines.push(
      `  ${family.family}: ${counted(family.seeds, 'seed')} with every check, ${counted(family.checks, 'check')}, ${counted(family.runs, 'run')}, ${family.failures.length} failed`,
    );
  for (const { check, seed, runs: stepRuns, result } of coverage.flatMap((family) => family.failures)) {
    lines.push(`✗ ${check.family} ${check.property} on ${check.protocol}, seed ${seed}: ${result.failure?.violation ?? 'failed'}`);
    if (result.failure) lines.push(`    replay: ${result.failure.replay}`, `    kept:   ${result.failure.folder}`);
    lines.push(`    check:  ${checkLine(check, stepRuns, seed)}`);
  }
  for (const family of coverage)
    for (const [name, unfired] of family.unfired)
      if (unfired.length > 0) lines.push(`  note: ${family.family} ${name} never fired at any seed: ${unfired.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const known = (await allPropertySuites()).map((suite) => suite.family);
  const options = parse(process.argv.slice(2), known);
  if (typeof options === 'string') {
    process.stderr.write(`soak: ${options}\n`);
    return 2;
  }
  const stderr = (text: string) => process.stderr.write(text);
  handleInterrupts(stderr);
  const startedMs = performance.now();
  let covered: readonly FamilyCoverage[] = [];
  onInterrupt(() => {
    const minutes = Number(((performance.now() - startedMs) / 60_000).toFixed(1));
    process.stdout.write(summary(covered, minutes, options.runs, 'interrupted'));
    return 'soak summary so far printed';
  });
  stderr(`soak: ${options.minutes} minutes of fresh seeds, ${options.runs} runs per property and seed\n`);
  const coverage = await soak({
    durationMs: options.minutes * 60_000,
    runs: options.runs,
    ...(options.families ? { families: options.families } : {}),
    onStep: (step, elapsedMs, sofar) => {
      covered = sofar;
      stderr(stepLine(step, elapsedMs));
    },
  });
  const minutes = Number(((performance.now() - startedMs) / 60_000).toFixed(1));
  process.stdout.write(summary(coverage, minutes, options.runs, 'ended'));
  return coverage.some((family) => family.failures.length > 0) ? 1 : 0;
}

// A throw here is the soak's own bug, or cutpoint's: exit 3 with its stack.
process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 3;
});
