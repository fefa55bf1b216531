import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import { withChildrenReaped } from '../process/children.js';
import { defaultJobs } from '../process/pool.js';
import { writeJsonAtomic } from '../results/run-folder.js';
import { runStress, type ProtocolStress } from '../stress/stress-run.js';
import type { StressResults } from '../stress/stress-results.js';
import type { StressTuning } from '../stress/stress-trial.js';
import { stressOutcome, stressRunVerdict, type StressOutcome } from '../stress/stress-verdict.js';
import { findEntry } from '../families/index.js';
import { chooseFamily } from './family-choice.js';
import { resolveProtocols } from './load-protocol.js';
import type { RunFolder } from '../results/run-folder.js';
import { openRunFolder } from './run-folder-life.js';

/** `sim stress`'s defaults, for the CLI's help and any other face alike. */
export const STRESS_DEFAULTS = {
  workers: 4,
  intentions: 50,
  trials: 10,
  crashes: 1,
  crashChance: 0.5,
  leaseMs: 10,
  pauseChance: 0.1,
  pauseMs: 20,
  busyTimeoutMs: 5,
  busyAttemptsMax: 200,
  lifeTimeoutMs: 60_000,
  keep: 3,
} as const;

/** What a stress run is asked for, as parsed: every bound already checked by the face. */
export interface StressRequest {
  family?: string | undefined;
  protocol?: readonly string[] | undefined;
  workers: number;
  intentions: number;
  trials: number;
  seed?: number | undefined;
  crashes: number;
  crashChance: number;
  leaseMs: number;
  pauseChance: number;
  pauseMs: number;
  busyTimeoutMs: number;
  lifeTimeoutMs: number;
  jobs?: number | undefined;
  keep: number;
  out: string;
}

/** A stress run resolved and about to start: what the face shows before the trials run. */
export interface PreparedStress {
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  seed: number;
  jobs: number;
  tuning: StressTuning;
  folder: RunFolder;
  /** Runs the trials (onTrial after each), judges each protocol, writes results.json and returns it. */
  run(onTrial: () => void, stderr: (text: string) => void): Promise<JudgedStress>;
}

export interface JudgedStress {
  results: StressResults;
  protocols: readonly (ProtocolStress & { verdict: StressOutcome })[];
}

/**
 * Resolves the family and protocols (the family's stress protocols when none
 * is named), the seed and the tuning, and opens the run folder; throws an
 * InputError for a family without a stress workload.
 */
export async function prepareStress(request: StressRequest, cwd: string): Promise<PreparedStress> {
  const family = await chooseFamily(request.family, request.protocol ?? [], cwd);
  if (!family.stress) throw new InputError(`sim stress cannot run family ${family.name}: it defines no stress workload`);
  const named = request.protocol ?? findEntry(family.name)?.stressProtocols ?? family.protocols.map((entry) => entry.protocol.name);
  const { protocols, files: protocolFiles } = await resolveProtocols(family, [...named], cwd);
  const seed = request.seed ?? randomInt(0, 2 ** 31);
  const jobs = request.jobs ?? defaultJobs();
  const tuning: StressTuning = {
    workers: request.workers,
    intentions: request.intentions,
    crashesPerWorker: request.crashes,
    crashChance: request.crashChance,
    leaseMs: request.leaseMs,
    pause: { chance: request.pauseChance, maxMs: request.pauseMs },
    busyTimeoutMs: request.busyTimeoutMs,
    busyAttemptsMax: STRESS_DEFAULTS.busyAttemptsMax,
    lifeTimeoutMs: request.lifeTimeoutMs,
  };
  const folder = openRunFolder(resolve(cwd, request.out), cwd);
  return {
    family,
    protocols,
    seed,
    jobs,
    tuning,
    folder,
    async run(onTrial, stderr) {
      const started = performance.now();
      const summaries = await withChildrenReaped(stderr, () =>
        runStress({
          family,
          protocols,
          protocolFiles,
          trials: request.trials,
          seed,
          tuning,
          jobs,
          runFolder: folder.path,
          keepMax: request.keep,
          onTrial,
        }),
      );
      const crashesAsked = tuning.crashesPerWorker > 0 && tuning.crashChance > 0;
      const judged = summaries.map((s) => ({ ...s, verdict: stressOutcome(s, { mustHold: mustHold(family, s.protocol), crashesAsked }) }));
      const results: StressResults = {
        kind: 'stress',
        tool: 'cutpoint',
        runId: folder.runId,
        startedAt: folder.startedAt,
        seed,
        trials: request.trials,
        jobs,
        tuning,
        protocols: judged,
        verdict: stressRunVerdict(judged.map((s) => s.verdict)),
        timingsMs: { total: Math.round(performance.now() - started) },
      };
      writeJsonAtomic(join(folder.path, 'results.json'), results);
      return { results, protocols: judged };
    },
  };
}

/** The family's own list, else: a protocol marked correct or repaired, or whose reference row is all ones, must never duplicate or lose under stress either. */
export function mustHold(family: AnyFamily, protocol: string): boolean {
  if (family.stress?.mustHold) return family.stress.mustHold.includes(protocol);
  const status = family.protocols.find((entry) => entry.protocol.name === protocol)?.status;
  const row = family.expectedTable[protocol];
  return status === 'correct' || status === 'repaired' || (row !== undefined && row.every((n) => n === 1));
}
