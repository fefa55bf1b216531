import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { VirtualClock } from '../engine/clock.js';
import { FileMedium } from '../engine/connections.js';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { CutInjector } from '../engine/injector.js';
import { familyScenario, worldSpec } from '../engine/run-family.js';
import { liveOneLife } from '../engine/runner.js';
import { TransportState } from '../engine/transport-state.js';
import { remoteReceiverClients } from '../transport/http/remote-receiver-client.js';
import { NO_TRANSPORT_FAULTS } from '../engine/family.js';
import { childProtocol } from './child-protocol.js';
import { dieWithParent } from './children.js';
import { DurableHistory } from './durable-history.js';
import { LIFE_ENVIRONMENT_FAILED_EXIT, type LifeCompleted, type LifeEnvironmentFailed, type LifeSpec } from './life-spec.js';

/**
 * Kill mode's child: lives exactly one process life of a case, through the
 * same life path as in-process runs (liveOneLife over the family's
 * scenario), then exits 0. At the armed cut the injector records the crash
 * (durably) and the process kills itself with SIGKILL on the spot: no
 * finally block, no graceful close; whatever SQLite had committed is what
 * the files hold. Exit codes: 0 the life completed; 1 it failed with an
 * error (stderr says which); 2 the machine failed its stores (a full disk:
 * its end file and stderr say how); 3 a crash was thrown without the kill
 * (a harness bug).
 */
const exitIfOrphaned = dieWithParent();
const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as LifeSpec;
const { family, protocol } = await childProtocol(spec);

const eventsFd = openSync(spec.eventsFile, 'a');
const history = new DurableHistory(eventsFd);
const clock = new VirtualClock(spec.startMs);
// At every cut: stop if the parent is gone; with one worker there is nothing else to schedule.
const injector = new CutInjector(
  spec.plan,
  history,
  clock,
  async () => exitIfOrphaned(),
  () => process.kill(process.pid, 'SIGKILL'),
);
const transport = new TransportState(NO_TRANSPORT_FAULTS);
transport.calls = spec.transportCalls;
const world = worldSpec(family, {
  protocol,
  workload: family.workloadFromJson(spec.workload),
  folder: spec.folder,
  plan: spec.plan,
  livesMax: 1,
  roundsMax: spec.roundsMax,
});

// Over HTTP the receivers are server processes that outlive this one: the contract runs there, not here.
const clientFactory = spec.receiverUrls ? remoteReceiverClients(spec.receiverUrls) : undefined;
const ended = await liveOneLife(familyScenario(family, world, { transport, ...(clientFactory ? { clientFactory } : {}) }), {
  index: spec.life,
  quiet: false,
  medium: new FileMedium(),
  injector,
  clock,
  history,
}).catch((error: unknown) => {
  if (!(error instanceof EnvironmentFailure)) throw error;
  // The parent stops the command with this line; writing it may fail on the same full disk, and the exit code still says so.
  const failed: LifeEnvironmentFailed = { ended: 'environment-failure', message: error.message };
  try {
    writeFileSync(spec.endFile, JSON.stringify(failed) + '\n');
  } finally {
    process.stderr.write(`${error.message}\n`);
    process.exit(LIFE_ENVIRONMENT_FAILED_EXIT);
  }
});
closeSync(eventsFd);
if (ended.kind === 'completed') {
  const completed: LifeCompleted = { ended: 'completed', clockMs: clock.nowMs(), transportCalls: transport.calls };
  writeFileSync(spec.endFile, JSON.stringify(completed) + '\n');
  process.exit(0);
}
process.stderr.write(ended.kind === 'error' ? `${ended.message}\n` : 'a crash was thrown without the kill\n');
process.exit(ended.kind === 'error' ? 1 : 3);
