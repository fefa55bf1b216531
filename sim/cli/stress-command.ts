import { InvalidArgumentError, type Command } from 'commander';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { displayPath } from '../results/run-folder.js';
import type { ProtocolStress } from '../stress/stress-run.js';
import type { StressTuning } from '../stress/stress-trial.js';
import type { StressOutcome } from '../stress/stress-verdict.js';
import type { ExitCode } from './errors.js';
import { exitForVerdict } from './verdict-exit.js';
import type { Io } from './io.js';
import { positiveInt, protocolName, rangeText, seedValue, wholeNumber } from './options.js';
import {
  JOBS_MAX,
  LIFE_TIMEOUT_MS_MAX,
  STRESS_BUSY_TIMEOUT_MS_MAX,
  STRESS_CRASHES_MAX,
  STRESS_INTENTIONS_MAX,
  STRESS_KEEP_MAX,
  STRESS_LEASE_MS_MAX,
  STRESS_PAUSE_MS_MAX,
  STRESS_TRIALS_MAX,
  STRESS_WORKERS_MAX,
} from '../engine/limits.js';
import { Progress } from '../app/progress.js';
import { mustHold, prepareStress, STRESS_DEFAULTS, type StressRequest } from '../app/stress.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import { counted } from '../../reports/plural.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';
import { DEFAULT_FAMILY, findEntry } from '../families/index.js';

const STRESS_FORMATS = ['text', 'json'] as const;

/** What `sim stress` runs when neither a protocol nor a family is named. */
const DEFAULT_PROTOCOLS = findEntry(DEFAULT_FAMILY)?.stressProtocols ?? [];

interface StressOptions extends StressRequest {
  format: 'text' | 'json';
}

function chance(what: string) {
  return (value: string): number => {
    const p = Number(value);
    if (value.trim() === '' || !Number.isFinite(p) || p < 0 || p > 1)
      throw new InvalidArgumentError(`${what} must be a number from 0 to 1; got '${value}'.`);
    return p;
  };
}

export function registerStress(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('stress')
    .description('real concurrency: W relay workers as separate processes on the same SQLite files, killed and restarted at random cuts')
    .option('--family <name>', FAMILY_OPTION_HELP, familyName)
    .option(
      '-p, --protocol <name...>',
      `protocols to stress, or paths to your own modules (default: ${DEFAULT_PROTOCOLS.join(', ')})`,
      protocolName,
    )
    .option(
      '-w, --workers <W>',
      `worker processes per trial ${rangeText(1, STRESS_WORKERS_MAX)}`,
      positiveInt('workers', STRESS_WORKERS_MAX),
      STRESS_DEFAULTS.workers,
    )
    .option(
      '-i, --intentions <I>',
      `intentions per trial, shared out among the workers ${rangeText(1, STRESS_INTENTIONS_MAX)}`,
      positiveInt('intentions', STRESS_INTENTIONS_MAX),
      STRESS_DEFAULTS.intentions,
    )
    .option('-t, --trials <T>', `trials per protocol ${rangeText(1, STRESS_TRIALS_MAX)}`, positiveInt('trials', STRESS_TRIALS_MAX), STRESS_DEFAULTS.trials)
    .option('-s, --seed <seed>', 'seed of the fault plan (default: random, printed first)', seedValue)
    .option(
      '--crashes <n>',
      `crashes per worker and trial at most ${rangeText(0, STRESS_CRASHES_MAX)}: SIGKILL at a random cut, then a restart`,
      wholeNumber('crashes', 0, STRESS_CRASHES_MAX),
      STRESS_DEFAULTS.crashes,
    )
    .option('--crash-chance <p>', 'chance that a worker life is armed to crash while its budget lasts (0-1)', chance('crash-chance'), STRESS_DEFAULTS.crashChance)
    .option(
      '--lease-ms <ms>',
      `outbox lease in real ms ${rangeText(1, STRESS_LEASE_MS_MAX)}: a row whose worker is slower than this is sent again by another`,
      positiveInt('lease-ms', STRESS_LEASE_MS_MAX),
      STRESS_DEFAULTS.leaseMs,
    )
    .option(
      '--pause-chance <p>',
      'chance that a worker pauses at a cut that does not crash: a slow worker (0-1)',
      chance('pause-chance'),
      STRESS_DEFAULTS.pauseChance,
    )
    .option(
      '--pause-ms <ms>',
      `longest such pause, in real ms ${rangeText(1, STRESS_PAUSE_MS_MAX)}`,
      positiveInt('pause-ms', STRESS_PAUSE_MS_MAX),
      STRESS_DEFAULTS.pauseMs,
    )
    .option(
      '--busy-timeout-ms <ms>',
      `SQLite's wait for a lock before SQLITE_BUSY, which the worker then retries (bounded) ${rangeText(1, STRESS_BUSY_TIMEOUT_MS_MAX)}`,
      positiveInt('busy-timeout-ms', STRESS_BUSY_TIMEOUT_MS_MAX),
      STRESS_DEFAULTS.busyTimeoutMs,
    )
    .option(
      '--life-timeout-ms <ms>',
      `cutpoint's own limit on one worker life's wall time ${rangeText(1, LIFE_TIMEOUT_MS_MAX)}: a life still running then is stopped and its trial reported as not judged (an error), not as the protocol's violation`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
      STRESS_DEFAULTS.lifeTimeoutMs,
    )
    .option('-j, --jobs <n>', `trials at a time ${rangeText(1, JOBS_MAX)} (default: one per core)`, positiveInt('jobs', JOBS_MAX))
    .option(
      '--keep <n>',
      `trial folders kept per protocol (violating trials first), with their SQLite files ${rangeText(0, STRESS_KEEP_MAX)}`,
      wholeNumber('keep', 0, STRESS_KEEP_MAX),
      STRESS_DEFAULTS.keep,
    )
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option('-f, --format <format>', formatHelp(STRESS_FORMATS), formatOption(STRESS_FORMATS), 'text')
    .addHelpText(
      'after',
      '\nInterleavings are real (the OS schedules the processes), so only the fault plan replays from the seed.\nExit codes: 0 every protocol expected to hold (outbox-dedup) had no duplicate and nothing lost, and\nno worker failed; 1 otherwise; 2 bad input.',
    )
    .action(async (options: StressOptions) => {
      const stress = await prepareStress(options, io.cwd);
      const { protocols, seed, jobs, tuning, folder, family } = stress;
      if (options.format === 'text') io.stdout(headerLine(protocols, { trials: options.trials, jobs }, seed, tuning) + '\n');
      const progress = new Progress(io, 'sim stress', options.trials * protocols.length, 'trials');
      let done = 0;
      const { results, protocols: judged } = await stress.run(() => progress.update(++done), io.stderr);
      progress.done();
      const shown = displayPath(folder.path, io.cwd);
      if (options.format === 'json') io.stdout(jsonDocument({ ...results, runFolder: shown }));
      else io.stdout([stressTable(judged), ...verdictLines(family, judged), `run folder: ${shown}`].join('\n') + '\n');
      exit(exitForVerdict(results.verdict));
    });
}

function headerLine(
  protocols: readonly FamilyProtocol[],
  options: { trials: number; jobs: number },
  seed: number,
  tuning: StressTuning,
): string {
  return (
    `sim stress: ${protocols.map((p) => p.name).join(', ')}; ${counted(tuning.workers, 'worker process', 'worker processes')}, ${counted(tuning.intentions, 'intention')}, ` +
    `${counted(options.trials, 'trial')} each; seed ${seed}; ` +
    (tuning.crashesPerWorker === 0
      ? 'no crashes; '
      : `crashes <= ${tuning.crashesPerWorker} per worker and trial (chance ${tuning.crashChance}) at random cuts; `) +
    `pauses at cuts (chance ${tuning.pause.chance}, <= ${tuning.pause.maxMs} ms); lease ${tuning.leaseMs} ms; busy timeout ${tuning.busyTimeoutMs} ms, <= ${tuning.busyAttemptsMax} attempts; ${counted(options.jobs, 'job')}`
  );
}

function stressTable(summaries: readonly ProtocolStress[]): string {
  const header = [
    'protocol',
    'trials',
    'intentions',
    'effects',
    'duplicates',
    'lost',
    'SQLITE_BUSY retries',
    'crashes',
    'time',
    'trials/s',
  ];
  const rows = summaries.map((s) => [
    s.protocol,
    String(s.trials),
    String(s.intentions),
    String(s.effects),
    String(s.duplicates),
    String(s.lost),
    String(s.busyRetries),
    String(s.crashesFired),
    `${(s.ms / 1000).toFixed(2)} s`,
    (s.trials / (s.ms / 1000)).toFixed(1),
  ]);
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => (row[c] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|')}|`;
  return ['', line(header), rule, ...rows.map(line), ''].join('\n');
}

function verdictLines(family: AnyFamily, summaries: readonly (ProtocolStress & { verdict: StressOutcome })[]): string[] {
  const lines: string[] = [];
  for (const s of summaries) {
    const found =
      s.duplicates === 0 && s.lost === 0
        ? 'no duplicate, nothing lost after draining'
        : `${s.duplicates} duplicated and ${s.lost} lost intentions, in ${s.violatingTrials} of ${s.trials} trials` +
          (s.firstDuplicateTrial !== null ? ` (first duplicate in trial ${s.firstDuplicateTrial})` : '');
    const judged = mustHold(family, s.protocol)
      ? s.duplicates === 0 && s.lost === 0
        ? ' — holds, as expected'
        : ' — VIOLATION: expected to hold'
      : '';
    lines.push(`${s.protocol}: ${found}${judged}; ${s.crashesFired} of ${counted(s.crashesArmed, 'armed crash', 'armed crashes')} fired.`);
    if (s.verdict === 'unexercised')
      lines.push(`  UNEXERCISED: no armed crash fired in any of the ${counted(s.trials, 'trial')}: they prove nothing about crashes.`);
    else if (s.unexercisedTrials > 0)
      lines.push(`  ${counted(s.unexercisedTrials, 'trial')} of ${s.trials} unexercised: no armed crash fired in them.`);
    if (s.timedOutTrials > 0)
      lines.push(
        `  NOT JUDGED: ${counted(s.timedOutTrials, 'trial')} had a worker life stopped at cutpoint's own time limit (--life-timeout-ms): not a violation of the protocol; their losses are not counted.`,
      );
    for (const timeout of s.timeouts.slice(0, 3)) lines.push(`  time limit: ${timeout}`);
    if (s.kept.length > 0) lines.push(`  kept: ${s.kept.join(', ')}`);
    for (const failure of s.failures.slice(0, 5)) lines.push(`  failure: ${failure}`);
    if (s.failures.length > 5) lines.push(`  ... and ${s.failures.length - 5} more failures (results.json)`);
  }
  return lines;
}
