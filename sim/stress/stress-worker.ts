import { closeSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileMedium } from '../engine/connections.js';
import { NO_TRANSPORT_FAULTS } from '../engine/family.js';
import { History } from '../engine/history.js';
import { CutInjector } from '../engine/injector.js';
import { SeededRandom } from '../engine/random.js';
import { familyScenario, worldSpec } from '../engine/run-family.js';
import { liveOneLife } from '../engine/runner.js';
import { childProtocol } from '../process/child-protocol.js';
import { dieWithParent } from '../process/children.js';
import { TransportState } from '../engine/transport-state.js';
import { BUSY_EXHAUSTED, BusyRetry } from './busy-retry.js';
import { MonotonicClock, monotonicMs } from './monotonic-clock.js';
import type { StressWorkerSpec, WorkerReport } from './stress-spec.js';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { LIFE_ENVIRONMENT_FAILED_EXIT } from '../process/life-spec.js';

/**
 * One life of a stress worker, in a process of its own, through the same
 * life path as every other mode: the family's world with one worker, on this
 * process's own connections to the shared files, real time for leases, and
 * every transaction retried on SQLITE_BUSY. At the armed cut it reports and
 * kills itself with SIGKILL. Exit codes: 0 drained; 4 gave up on SQLITE_BUSY
 * after the bound; 1 any other error (stderr says which).
 */
const exitIfOrphaned = dieWithParent();
const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as StressWorkerSpec;
const { family, protocol } = await childProtocol(spec);

const random = new SeededRandom(spec.seed);
const busy = new BusyRetry(spec.busyAttemptsMax, random);
const reportFd = openSync(spec.reportFile, 'a');
const report = (ended: WorkerReport['ended'], cut?: string, message?: string) =>
  writeSync(
    reportFd,
    JSON.stringify({ ended, busyRetries: busy.retries, ...(cut ? { cut } : {}), ...(message ? { message } : {}) } satisfies WorkerReport) +
      '\n',
  );

const clock = new MonotonicClock();
const plan = spec.crash ? [{ life: spec.life, cut: spec.crash.cut, nth: spec.crash.nth }] : [];
// A slow worker: at a cut, sometimes stop for a while, so leases run out under it as they do in production.
const pauseAtCut = async () => {
  exitIfOrphaned();
  if (random.next() < spec.pause.chance) await sleep(random.int(1, spec.pause.maxMs));
};
const history = new History();
const injector = new CutInjector(plan, history, clock, pauseAtCut, (hit) => {
  report('killed', hit.cut);
  process.kill(process.pid, 'SIGKILL');
});
const world = worldSpec(family, {
  protocol,
  workload: family.workloadFromJson(spec.workload),
  settings: spec.settings,
  folder: spec.folder,
  plan,
  livesMax: 1,
  // Real time bounds a stress life (its time limit), not a count of rounds.
  roundsMax: Number.MAX_SAFE_INTEGER,
});
const retryBusy = <T>(work: () => T) => busy.run(work);
/** The shared files, opened with this trial's wait for a lock before SQLite answers SQLITE_BUSY. */
class BusyTimeoutMedium extends FileMedium {
  override open(path: string) {
    const db = super.open(path);
    db.pragma(`busy_timeout = ${spec.busyTimeoutMs}`);
    return db;
  }
}

if (spec.startBarrier && spec.life === 0) await startTogether(spec.startBarrier);

const ended = await liveOneLife(familyScenario(family, world, { transport: new TransportState(NO_TRANSPORT_FAULTS), retryBusy }), {
  index: spec.life,
  quiet: false,
  medium: new BusyTimeoutMedium(),
  injector,
  clock,
  history,
}).catch((error: unknown) => {
  if (!(error instanceof EnvironmentFailure)) throw error;
  // The parent stops the stress run with this line; on a full disk the report may not be written, and the exit code says so.
  process.stderr.write(`${error.message}\n`);
  try {
    report('environment-failure', undefined, error.message);
  } finally {
    process.exit(LIFE_ENVIRONMENT_FAILED_EXIT);
  }
});
let code = 0;
if (ended.kind === 'completed') report('drained');
else if (ended.kind === 'error' && ended.message.startsWith(BUSY_EXHAUSTED)) {
  report('busy-exhausted');
  code = 4;
} else {
  process.stderr.write(`${ended.kind === 'error' ? ended.message : 'a crash was thrown without the kill'}\n`);
  code = ended.kind === 'error' ? 1 : 3;
}
closeSync(reportFd);
process.exit(code);

/**
 * The start barrier: this worker says it is ready, then polls (every real
 * millisecond, for at most `waitMaxMs`) until every worker of the trial is,
 * so that all of them begin within a millisecond or so of each other instead
 * of whenever the OS finished loading each process.
 */
async function startTogether(barrier: { workers: number; waitMaxMs: number }): Promise<void> {
  writeFileSync(join(spec.folder, `${spec.worker}.ready`), '');
  const deadline = monotonicMs() + barrier.waitMaxMs;
  while (readdirSync(spec.folder).filter((name) => name.endsWith('.ready')).length < barrier.workers && monotonicMs() < deadline) {
    exitIfOrphaned();
    await sleep(1);
  }
}
