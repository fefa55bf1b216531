import { writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { findProtocol } from '../../protocols/registry.js';
import { ConnectionSet, FileMedium } from '../engine/connections.js';
import { History } from '../engine/history.js';
import { CutInjector } from '../engine/injector.js';
import { SeededRandom } from '../engine/random.js';
import type { Life } from '../engine/runner.js';
import { dieWithParent } from '../process/children.js';
import { BusyExhausted, BusyRetry } from './busy-retry.js';
import { MonotonicClock } from './monotonic-clock.js';
import { stressContext } from './stress-context.js';
import { shareOf, stressIntentions } from './stress-intentions.js';
import type { StressWorkerSpec, WorkerReport } from './stress-spec.js';

/**
 * One life of a stress worker, in a process of its own: present its
 * intentions as the caller, then relay everyone's pending rows until the
 * outbox is empty, on its own connections to the shared files. At the armed
 * cut it reports and kills itself with SIGKILL. Exit codes: 0 drained; 4 gave
 * up on SQLITE_BUSY after the bound; 1 any other error (stderr says which).
 */
const exitIfOrphaned = dieWithParent();
const spec = JSON.parse(process.argv[2] ?? '') as StressWorkerSpec;
const protocol = findProtocol(spec.protocol);
if (!protocol) {
  process.stderr.write(`unknown protocol '${spec.protocol}'\n`);
  process.exit(1);
}

const random = new SeededRandom(spec.seed);
const busy = new BusyRetry(spec.busyAttemptsMax, random);
const report = (ended: WorkerReport['ended'], cut?: string) =>
  writeSync(1, JSON.stringify({ ended, busyRetries: busy.retries, ...(cut ? { cut } : {}) } satisfies WorkerReport) + '\n');

const clock = new MonotonicClock();
const history = new History();
const plan = spec.crash ? [{ life: spec.life, cut: spec.crash.cut, nth: spec.crash.nth }] : [];
// A slow worker: at a cut, sometimes stop for a while, so leases run out under it as they do in production.
const pauseAtCut = async () => {
  exitIfOrphaned();
  if (random.next() < spec.pause.chance) await sleep(random.int(1, spec.pause.maxMs));
};
const injector = new CutInjector(plan, history, clock, pauseAtCut, (hit) => {
  report('killed', hit.cut);
  process.kill(process.pid, 'SIGKILL');
});
injector.startLife(spec.life);
const connections = new ConnectionSet(new FileMedium());
const life: Life = { index: spec.life, quiet: false, connections, injector, clock, history };

let code = 0;
try {
  const open = (path: string) =>
    busy.run(() => {
      const db = connections.open(path);
      db.pragma(`busy_timeout = ${spec.busyTimeoutMs}`);
      return db;
    });
  const databases = { orchestrator: await open(spec.files.orchestrator), warehouse: await open(spec.files.warehouse) };
  const ctx = stressContext({
    protocol,
    life,
    worker: spec.worker,
    databases,
    busy,
    settings: { leaseMs: spec.leaseMs, retryDelaysMs: [spec.leaseMs] },
  });
  for (const intention of shareOf(stressIntentions(spec.share.intentions), spec.share.workers, spec.share.index)) {
    await protocol.submit(ctx, intention);
  }
  for (;;) {
    const wait = await protocol.relay(ctx);
    if (!wait) break;
    // Every pending row is leased by another worker (or a dead one): come back when the first lease ends.
    await sleep(Math.max(1, wait.waitUntilMs - clock.nowMs()));
  }
  report('drained');
} catch (error) {
  if (error instanceof BusyExhausted) {
    report('busy-exhausted');
    code = 4;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
} finally {
  connections.closeAll();
}
process.exit(code);
