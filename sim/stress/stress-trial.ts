import { performance } from 'node:perf_hooks';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFreshStores } from '../engine/case-files.js';
import { FileMedium } from '../engine/connections.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { JsonValue } from '../engine/history.js';
import type { AnyFamily } from '../engine/run-case.js';
import { observe, storeSchemas, worldSpec } from '../engine/run-family.js';
import { SeededRandom } from '../engine/random.js';
import { runChild, stderrGist, type ChildExit } from '../process/children.js';
import { compiledEntry } from '../process/entry-path.js';
import type { StressWorkerSpec, WorkerReport } from './stress-spec.js';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { LIFE_ENVIRONMENT_FAILED_EXIT } from '../process/life-spec.js';

export interface StressTuning {
  workers: number;
  intentions: number;
  /** Crashes injected per worker and trial at most (each killed worker is restarted). */
  crashesPerWorker: number;
  /** Chance that a worker's life is armed to crash, while its crash budget lasts. */
  crashChance: number;
  leaseMs: number;
  /** At each cut that does not crash: the chance a worker pauses, and the longest pause in real ms. */
  pause: { chance: number; maxMs: number };
  busyTimeoutMs: number;
  busyAttemptsMax: number;
  /** A worker life still running after this long is killed and reported. */
  lifeTimeoutMs: number;
}

export interface TrialResult {
  trial: number;
  seed: number;
  intentions: number;
  effects: number;
  /** Intentions with N >= 2, and the effects beyond the first. */
  duplicates: number;
  extraEffects: number;
  /** Intentions with N = 0 after every worker drained. */
  lost: number;
  busyRetries: number;
  crashesArmed: number;
  /** Workers killed with SIGKILL at their armed cut (and restarted). */
  crashesFired: number;
  /** Worker lives that ended neither drained nor killed at their cut: errors, the busy bound. */
  failures: string[];
  /** Worker lives still running at cutpoint's own time limit (`lifeTimeoutMs`): the harness stopped them, not a verdict on the protocol. */
  timeouts: string[];
  ms: number;
}

const STRESS_WORKER = compiledEntry(new URL('./stress-worker.js', import.meta.url));

/**
 * The faults of one worker life: while the crash budget lasts (and always in
 * the first life) a life may pause at its cuts; once a crash or a failure has
 * spent the budget, the lives after it are quiet (no pause, no crash) and
 * drain the outbox, as after TigerBeetle's faulty phase.
 */
export function lifePause(life: number, crashesLeft: number, pause: StressTuning['pause']): StressTuning['pause'] {
  return life > 0 && crashesLeft === 0 ? { chance: 0, maxMs: pause.maxMs } : pause;
}

/**
 * One trial: fresh stores in `folder`, W worker processes started at once on
 * them, each presenting its share of the intentions and relaying everyone's.
 * A worker armed to crash is killed with SIGKILL at a seeded random cut and
 * restarted (re-presenting its intentions), until the crash budget is spent;
 * the last lives run without faults and drain the outbox. Then N is counted
 * per intention from warehouse.db with the parent's own connection.
 */
export async function runTrial(
  family: AnyFamily,
  protocol: FamilyProtocol,
  tuning: StressTuning,
  trial: number,
  seed: number,
  folder: string,
  options: { protocolFile?: string } = {},
): Promise<TrialResult> {
  const started = performance.now();
  const stress = family.stress;
  if (!stress) throw new Error(`family ${family.name} has no stress workload`);
  const medium = new FileMedium();
  const world = worldSpec(family, { protocol, workload: stress.workload(tuning.intentions, 1, 0), folder, plan: [], livesMax: 1 });
  createFreshStores(medium, world.files, storeSchemas(family, protocol));
  const settings = stress.settings(tuning.leaseMs) as JsonValue;
  // Each worker draws its faults from its own seeded source, so the plan does not depend on which process the OS runs first.
  const trialRandom = new SeededRandom(seed);
  const workerSeeds = Array.from({ length: tuning.workers }, () => trialRandom.int(0, 2 ** 31 - 1));
  const share = Math.ceil(tuning.intentions / tuning.workers);
  const tally = { busyRetries: 0, crashesArmed: 0, crashesFired: 0, failures: [] as string[], timeouts: [] as string[] };

  const runWorker = async (index: number): Promise<void> => {
    const worker = `w${index + 1}`;
    const random = new SeededRandom(workerSeeds[index] as number);
    let crashesLeft = tuning.crashesPerWorker;
    // Crashes and failures spend the worker's budget; once it is spent, lives run without faults and drain.
    for (let life = 0; life <= tuning.crashesPerWorker + 1; life++) {
      const armed = crashesLeft > 0 && random.next() < tuning.crashChance;
      const crash = armed ? { cut: stress.cuts[random.int(0, stress.cuts.length - 1)] as string, nth: random.int(1, share) } : null;
      if (crash) tally.crashesArmed++;
      const reportFile = join(folder, `${worker}-life-${life}.report.jsonl`);
      const spec: StressWorkerSpec = {
        family: family.name,
        protocol: protocol.name,
        ...(options.protocolFile ? { protocolFile: options.protocolFile } : {}),
        folder,
        worker,
        life,
        workload: family.workloadToJson(stress.workload(tuning.intentions, tuning.workers, index)),
        settings,
        crash,
        reportFile,
        pause: lifePause(life, crashesLeft, tuning.pause),
        busyTimeoutMs: tuning.busyTimeoutMs,
        busyAttemptsMax: tuning.busyAttemptsMax,
        seed: random.int(0, 2 ** 31 - 1),
        ...(stress.startTogether ? { startBarrier: { workers: tuning.workers, waitMaxMs: tuning.lifeTimeoutMs / 2 } } : {}),
      };
      // The spec travels in a file: a worker's share of the workload may be larger than a command line can hold.
      const specFile = join(folder, `${worker}-life-${life}.spec.json`);
      writeFileSync(specFile, JSON.stringify(spec));
      const exit = await runChild(STRESS_WORKER, [specFile], tuning.lifeTimeoutMs);
      rmSync(specFile, { force: true });
      const last = lastReport(reportFile);
      rmSync(reportFile, { force: true });
      // The machine failed the shared stores (a full disk): no trial can be judged, the run stops with the worker's line.
      if (last?.ended === 'environment-failure')
        throw new EnvironmentFailure(last.message ?? `${worker} life ${life} could not use its stores`);
      if (last === undefined && exit.code === LIFE_ENVIRONMENT_FAILED_EXIT && exit.signal === null)
        throw new EnvironmentFailure(stderrGist(exit.stderr) || `${worker} life ${life} could not use its stores`);
      tally.busyRetries += last?.busyRetries ?? 0;
      if (exit.code === 0 && last?.ended === 'drained') return;
      if (crash && exit.signal === 'SIGKILL' && !exit.timedOut && last?.ended === 'killed' && last.cut === crash.cut) {
        tally.crashesFired++;
        crashesLeft--;
        continue;
      }
      if (exit.timedOut)
        tally.timeouts.push(`${worker} life ${life} was still running at cutpoint's time limit of ${tuning.lifeTimeoutMs} ms`);
      else tally.failures.push(failure(worker, life, exit, last));
      crashesLeft--;
    }
    // Lives cut short by the harness's own time limit leave the worker undrained: that is not the protocol's failure to drain.
    if (tally.timeouts.length === 0) tally.failures.push(`${worker} did not drain within ${tuning.crashesPerWorker + 2} lives`);
  };
  // Every worker's processes end before the trial does, also when one worker's stores failed it (it says so then).
  const settled = await Promise.allSettled(Array.from({ length: tuning.workers }, (_, index) => runWorker(index)));
  const thrown = settled.find((outcome) => outcome.status === 'rejected');
  if (thrown) throw thrown.reason;

  const effects = Object.values(observe(family, medium, world).effects);
  return {
    trial,
    seed,
    intentions: effects.length,
    effects: effects.reduce((sum, n) => sum + n, 0),
    duplicates: effects.filter((n) => n >= 2).length,
    extraEffects: effects.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    lost: effects.filter((n) => n === 0).length,
    ...tally,
    ms: performance.now() - started,
  };
}

function lastReport(reportFile: string): WorkerReport | undefined {
  if (!existsSync(reportFile)) return undefined;
  const line = readFileSync(reportFile, 'utf8').trim().split('\n').at(-1);
  if (!line) return undefined;
  try {
    return JSON.parse(line) as WorkerReport;
  } catch {
    return undefined;
  }
}

function failure(worker: string, life: number, exit: ChildExit, last: WorkerReport | undefined): string {
  if (last?.ended === 'busy-exhausted') return `${worker} life ${life} gave up after the bound on SQLITE_BUSY retries`;
  const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const said = stderrGist(exit.stderr);
  return `${worker} life ${life} ${how}${said ? `: ${said}` : ''}`;
}
