import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { SeededRandom } from '../engine/random.js';
import { mapPool } from '../process/pool.js';
import { runTrial, type StressTuning, type TrialResult } from './stress-trial.js';

/** What one protocol did over all its trials. */
export interface ProtocolStress {
  protocol: string;
  trials: number;
  intentions: number;
  effects: number;
  duplicates: number;
  extraEffects: number;
  lost: number;
  /** Trials with at least one duplicate or lost intention: how often the flaw shows. */
  violatingTrials: number;
  /** The first trial (1-based) that showed a duplicate, if any. */
  firstDuplicateTrial: number | null;
  busyRetries: number;
  crashesArmed: number;
  crashesFired: number;
  failures: string[];
  /** Worker lives stopped by cutpoint's own time limit, and the trials they were in: not judged for losses. */
  timeouts: string[];
  timedOutTrials: number;
  /** Trials in which no armed crash fired (none armed, or the armed cut never reached): they exercised no crash. */
  unexercisedTrials: number;
  ms: number;
  /** Trial folders kept as evidence (relative to the run folder): violating ones first. */
  kept: string[];
}

export interface StressRequest {
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  /** Protocol name → the user's module it came from: every worker life loads it afresh. */
  protocolFiles?: ReadonlyMap<string, string>;
  trials: number;
  seed: number;
  tuning: StressTuning;
  jobs: number;
  runFolder: string;
  /** Trial folders kept per protocol, violating trials first; the rest are removed. */
  keepMax: number;
  onTrial?: () => void;
}

/**
 * Runs `trials` trials of each protocol, `jobs` at a time. Trial seeds come
 * from the run's seed in order, so the fault plan of trial k of a protocol is
 * the same on every run with that seed; the interleaving of real processes
 * is the OS's, and is not.
 */
export async function runStress(request: StressRequest): Promise<ProtocolStress[]> {
  const summaries: ProtocolStress[] = [];
  for (const protocol of request.protocols) {
    const random = new SeededRandom(request.seed);
    const seeds = Array.from({ length: request.trials }, () => random.int(0, 2 ** 31 - 1));
    const started = performance.now();
    const folderOf = (trial: number) => join(protocol.name, `trial-${trial}`);
    const results = await mapPool(seeds, request.jobs, async (seed, index) => {
      const protocolFile = request.protocolFiles?.get(protocol.name);
      const result = await runTrial(
        request.family,
        protocol,
        request.tuning,
        index + 1,
        seed,
        join(request.runFolder, folderOf(index + 1)),
        {
          ...(protocolFile ? { protocolFile } : {}),
        },
      );
      request.onTrial?.();
      return result;
    });
    const evidenceFirst = [...results.filter(isViolating), ...results.filter((trial) => !isViolating(trial))];
    const kept = evidenceFirst.slice(0, request.keepMax).map((trial) => folderOf(trial.trial));
    for (const trial of results) {
      if (!kept.includes(folderOf(trial.trial))) rmSync(join(request.runFolder, folderOf(trial.trial)), { recursive: true, force: true });
    }
    summaries.push(summarize(protocol.name, results, performance.now() - started, kept));
  }
  return summaries;
}

function isViolating(trial: TrialResult): boolean {
  return trial.duplicates > 0 || trial.lost > 0 || trial.failures.length > 0 || trial.timeouts.length > 0;
}

function summarize(protocol: string, results: readonly TrialResult[], ms: number, kept: string[]): ProtocolStress {
  const sum = (pick: (trial: TrialResult) => number) => results.reduce((total, trial) => total + pick(trial), 0);
  return {
    protocol,
    trials: results.length,
    intentions: sum((t) => t.intentions),
    effects: sum((t) => t.effects),
    duplicates: sum((t) => t.duplicates),
    extraEffects: sum((t) => t.extraEffects),
    // An intention left pending because the harness stopped its worker at the time limit is not lost by the protocol.
    lost: sum((t) => (t.timeouts.length > 0 ? 0 : t.lost)),
    violatingTrials: results.filter((t) => t.duplicates > 0 || (t.timeouts.length === 0 && t.lost > 0)).length,
    firstDuplicateTrial: results.find((t) => t.duplicates > 0)?.trial ?? null,
    busyRetries: sum((t) => t.busyRetries),
    crashesArmed: sum((t) => t.crashesArmed),
    crashesFired: sum((t) => t.crashesFired),
    failures: results.flatMap((t) => t.failures.map((f) => `trial ${t.trial}: ${f}`)),
    timeouts: results.flatMap((t) => t.timeouts.map((f) => `trial ${t.trial}: ${f}`)),
    timedOutTrials: results.filter((t) => t.timeouts.length > 0).length,
    unexercisedTrials: results.filter((t) => t.crashesFired === 0).length,
    ms,
    kept,
  };
}
