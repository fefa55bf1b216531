import { closeSync, openSync } from 'node:fs';
import { findProtocol } from '../../protocols/registry.js';
import { VirtualClock } from '../engine/clock.js';
import { ConnectionSet, FileMedium } from '../engine/connections.js';
import { isCrash } from '../engine/crash.js';
import { CutInjector } from '../engine/injector.js';
import type { Life } from '../engine/runner.js';
import { DEFAULT_SETTINGS, KEEP_RECEIPTS } from '../reservation/run-reservation.js';
import { reservationScenario } from '../reservation/scenario.js';
import { NO_TRANSPORT_FAULTS, TransportState } from '../reservation/transport-faults.js';
import { dieWithParent } from './children.js';
import { DurableHistory } from './durable-history.js';
import type { LifeCompleted, LifeSpec } from './life-spec.js';

/**
 * Kill mode's child: lives exactly one process life of a reservation case,
 * then exits 0. At the armed cut the injector records the crash (durably)
 * and the process kills itself with SIGKILL on the spot: no finally block,
 * no graceful close; whatever SQLite had committed is what the files hold.
 * Exit codes: 0 the life completed; 1 it failed with an error (stderr says
 * which); 3 a crash was thrown without the kill (a harness bug).
 */
const exitIfOrphaned = dieWithParent();
const spec = JSON.parse(process.argv[2] ?? '') as LifeSpec;
const protocol = findProtocol(spec.protocol);
if (!protocol) {
  process.stderr.write(`unknown protocol '${spec.protocol}'\n`);
  process.exit(1);
}

const eventsFd = openSync(spec.eventsFile, 'a');
const history = new DurableHistory(eventsFd);
const clock = new VirtualClock(spec.startMs);
// At every cut: stop if the parent is gone; with one relay there is nothing else to schedule.
const injector = new CutInjector(
  spec.plan,
  history,
  clock,
  async () => exitIfOrphaned(),
  () => process.kill(process.pid, 'SIGKILL'),
);
injector.startLife(spec.life);
history.record({ atMs: clock.nowMs(), life: spec.life, worker: 'runner', type: 'life', op: spec.life === 0 ? 'attempt' : 'recovery' });

const transport = new TransportState(NO_TRANSPORT_FAULTS);
transport.calls = spec.transportCalls;
const life: Life = { index: spec.life, quiet: false, connections: new ConnectionSet(new FileMedium()), injector, clock, history };
// Not annotated: the scenario's run options may grow (cut discovery adds one), and this child asks for none of the new ones.
const run = {
  protocol,
  intentions: spec.intentions,
  files: spec.files,
  settings: DEFAULT_SETTINGS,
  warehouse: KEEP_RECEIPTS,
  transport,
  workers: 1,
  relayRoundsMax: spec.relayRoundsMax,
  discoverBoundaries: false,
};

let code = 0;
try {
  await reservationScenario(run).live(life);
  const completed: LifeCompleted = { ended: 'completed', clockMs: clock.nowMs(), transportCalls: transport.calls };
  process.stdout.write(JSON.stringify(completed) + '\n');
} catch (error) {
  code = isCrash(error) ? 3 : 1;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  life.connections.closeAll();
  closeSync(eventsFd);
}
process.exit(code);
