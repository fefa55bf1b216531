import type { ReceiverSettings } from '../../protocols/receivers/types.js';
import { KEEP_RECEIPTS } from '../../protocols/receivers/types.js';
import { TransportState } from './transport-state.js';
import type { WireTurns } from './wire-turns.js';
import { caseFiles, createFreshStores, ORCHESTRATOR, readStores } from './case-files.js';
import { FileMedium, type StoreMedium } from './connections.js';
import { asEnvironmentFailure, storesPlace } from './environment-failure.js';
import {
  NO_TRANSPORT_FAULTS,
  type CaseFiles,
  type Family,
  type FamilyProtocol,
  type Observation,
  type TransportFaults,
  type WorldSpec,
} from './family.js';
import type { History } from './history.js';
import type { CrashDecider, CrashPoint, CutHit, YieldPoint } from './injector.js';
import { runLives, type Life, type LifeRecord, type RunEnd, type LifeStart, type RunOutcome, type Scenario } from './runner.js';
import { assertCutsAwaited, worldLife, type ClientFactory } from './worker-context.js';

/** One run of a family's world: which protocol, on which workload, under which faults. */
export interface FamilyRunSpec<P extends FamilyProtocol, W, S> {
  protocol: P;
  workload: W;
  /** Where the stores live: a folder for the file medium, a name for the memory medium. */
  folder: string;
  medium?: StoreMedium;
  plan: readonly CrashPoint[] | CrashDecider;
  livesMax: number;
  /** Live one more, quiet life after completion: faults stop, work drains (liveness). */
  quietLife?: boolean;
  workers?: number;
  settings?: S;
  receiverSettings?: ReceiverSettings;
  faults?: TransportFaults;
  yieldPoint?: YieldPoint;
  roundsMax?: number;
  /** Write history.jsonl into the folder (file medium). */
  writeHistory?: boolean;
  /** Every commit is a boundary of its own, named after its source line. */
  discoverBoundaries?: boolean;
  /** How workers reach the receivers; in-process when omitted. */
  clientFactory?: ClientFactory;
  /** A real wire for this run (its clients, and turns that keep a scheduled run deterministic); replaces clientFactory. */
  wire?: RunWire;
  /** A fresh instance of the protocol for each life (a user's module, imported anew). */
  freshProtocol?: (life: number) => Promise<P>;
  /** Where events are recorded (a durable history in an isolated case); a new one when omitted. */
  history?: History;
  beforeLife?: (life: Life) => void;
  afterLife?: (life: Life) => void;
  /** Goes on from the start of a recovery of an identical run; the medium holds that run's stores as they were then. */
  resume?: FamilyLifeStart;
  /** Called before every recovery with what it starts from, the stores aside (they are the medium's). */
  atLifeStart?: (start: FamilyLifeStart) => void;
}

/** What a recovery of a family's run starts from besides its stores: the runner's state and the transport's run-wide count of calls. */
export interface FamilyLifeStart {
  life: LifeStart;
  transportCalls: number;
}

/**
 * One run's wire when its receivers are reached over a real transport
 * (sim/transport/http): the clients its workers use, and the turns that let
 * one worker at a time be on the wire, lent out at cuts.
 */
export interface RunWire {
  clientFactory: ClientFactory;
  turns: WireTurns;
}

export interface FamilyOutcome extends Observation {
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  crashes: readonly CutHit[];
  history: History;
  files: CaseFiles;
  endedAtMs: number;
}

/** The world spec a run hands to its family: the spec's choices with every default filled in. */
export function worldSpec<P extends FamilyProtocol, W, S>(family: Family<P, W, S>, spec: FamilyRunSpec<P, W, S>): WorldSpec<P, W, S> {
  return {
    protocol: spec.protocol,
    workload: spec.workload,
    files: caseFiles(spec.folder, [ORCHESTRATOR, ...family.receivers.map((receiver) => receiver.name)]),
    settings: spec.settings ?? family.defaultSettings,
    receiverSettings: spec.receiverSettings ?? KEEP_RECEIPTS,
    faults: spec.faults ?? NO_TRANSPORT_FAULTS,
    workers: spec.workers ?? 1,
    roundsMax: spec.roundsMax ?? 100,
    discoverBoundaries: spec.discoverBoundaries ?? false,
  };
}

/** The schema of every store of a case: the protocol's orchestrator tables and each receiver's. */
export function storeSchemas<P extends FamilyProtocol>(family: Family<P, unknown, unknown>, protocol: P): Record<string, string> {
  return {
    [ORCHESTRATOR]: family.orchestratorSchema(protocol),
    ...Object.fromEntries(family.receivers.map((receiver) => [receiver.name, receiver.schema])),
  };
}

/** How the engine reaches a world's receivers in one process: the transport's state, and optionally another transport or a lock retry. */
export interface LifeWiring<P = FamilyProtocol> {
  transport: TransportState;
  clientFactory?: ClientFactory;
  /** Wraps every transaction (stress retries SQLITE_BUSY with a bound). */
  retryBusy?: <T>(work: () => T) => Promise<T>;
  /** A fresh instance of the protocol for each life (a user's module, imported anew). */
  freshProtocol?: (life: number) => Promise<P>;
}

/**
 * The one life path: a family's world as the runner's scenario. runFamily
 * lives it in this process; a kill-mode child and a stress worker live one
 * life of the very same scenario in a process of their own.
 */
export function familyScenario<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  world: WorldSpec<P, W, S>,
  wiring: LifeWiring<P>,
): Scenario {
  const partsFor = (protocol: P) => {
    const contracts = family.contracts(protocol);
    return {
      files: world.files,
      receivers: family.receivers.map((receiver) => ({
        receiver,
        contract: contracts[receiver.name] ?? missingContract(family.name, receiver.name),
      })),
      receiverSettings: world.receiverSettings,
      transport: wiring.transport,
      discoverBoundaries: world.discoverBoundaries,
      ...(wiring.clientFactory ? { clientFactory: wiring.clientFactory } : {}),
      ...(wiring.retryBusy ? { retryBusy: wiring.retryBusy } : {}),
    };
  };
  return {
    async live(life) {
      // A protocol loaded from a user's file gets a fresh module instance per life: a crash forgets module state.
      const protocol = wiring.freshProtocol ? await wiring.freshProtocol(life.index) : world.protocol;
      const lived = worldLife(life, partsFor(protocol));
      await family.world({ ...world, protocol }).live(lived);
      assertCutsAwaited(lived);
    },
  };
}

/** A family's world after its lives, before anyone has read its stores. */
export interface LivedFamily<P extends FamilyProtocol, W, S> {
  family: Family<P, W, S>;
  medium: StoreMedium;
  world: WorldSpec<P, W, S>;
  outcome: RunOutcome;
  /** Lets go of the stores the medium held open between lives (observeLived calls it; a caller that does not observe must). */
  release: () => void;
}

/**
 * Runs a family's world once: fresh stores, lives until one completes (crash,
 * recovery with fresh connections), optionally a quiet life, then the
 * family's observation read with connections of the checker's own.
 */
export async function runFamily<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  spec: FamilyRunSpec<P, W, S>,
): Promise<FamilyOutcome> {
  return observeLived(await liveFamily(family, spec));
}

/**
 * The lives of runFamily, without the observation: an explorer that stopped
 * an execution at an explored state has no use for its end.
 */
export async function liveFamily<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  spec: FamilyRunSpec<P, W, S>,
): Promise<LivedFamily<P, W, S>> {
  const medium = spec.medium ?? new FileMedium();
  const world = worldSpec(family, spec);
  if (!spec.resume) createFreshStores(medium, world.files, storeSchemas(family as Family<P, unknown, unknown>, spec.protocol));
  let release: () => void;
  try {
    release = medium.hold?.(Object.values(world.files.stores)) ?? (() => undefined);
  } catch (error) {
    // The harness's own connections to the stores: a store it cannot open stops the command, as a full disk does.
    throw asEnvironmentFailure(error, storesPlace(medium.kind, world.files.folder));
  }
  try {
    const outcome = await liveLives(family, spec, medium, world);
    return { family, medium, world, outcome, release };
  } catch (error) {
    release();
    throw error;
  }
}

async function liveLives<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  spec: FamilyRunSpec<P, W, S>,
  medium: StoreMedium,
  world: WorldSpec<P, W, S>,
): Promise<RunOutcome> {
  const { resume, atLifeStart } = spec;
  const transport = new TransportState(world.faults);
  transport.calls = resume?.transportCalls ?? 0;
  const scenario = familyScenario(family, world, {
    transport,
    ...(spec.wire ? { clientFactory: spec.wire.clientFactory } : spec.clientFactory ? { clientFactory: spec.clientFactory } : {}),
    ...(spec.freshProtocol ? { freshProtocol: spec.freshProtocol } : {}),
  });
  const outcome = await runLives(scenario, {
    plan: spec.plan,
    livesMax: spec.livesMax,
    quietLife: spec.quietLife ?? false,
    medium,
    ...(spec.history ? { history: spec.history } : {}),
    ...(spec.yieldPoint ? { yieldPoint: spec.wire ? spec.wire.turns.scheduled(spec.yieldPoint) : spec.yieldPoint } : {}),
    ...(spec.afterLife ? { afterLife: spec.afterLife } : {}),
    ...(spec.beforeLife ? { beforeLife: spec.beforeLife } : {}),
    ...(resume ? { resume: resume.life } : {}),
    ...(atLifeStart ? { atLifeStart: (life: LifeStart) => atLifeStart({ life, transportCalls: transport.calls }) } : {}),
  });
  if (spec.writeHistory && medium.kind === 'file') outcome.history.writeJsonl(world.files.history);
  return outcome;
}

/** A lived run's outcome: how its lives ended, and the family's observation of its stores. */
export function observeLived<P extends FamilyProtocol, W, S>({
  family,
  medium,
  world,
  outcome,
  release,
}: LivedFamily<P, W, S>): FamilyOutcome {
  let observation: Observation;
  try {
    observation = observe(family, medium, world);
  } finally {
    release();
  }
  return {
    ...observation,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.hits,
    crashes: outcome.crashes,
    history: outcome.history,
    files: world.files,
    endedAtMs: outcome.clock.nowMs(),
  };
}

/** The family's observation of a finished case, each store read with a connection of the checker's own (one per store). */
export function observe<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  medium: StoreMedium,
  world: WorldSpec<P, W, S>,
): Observation {
  try {
    return readStores(medium, world.files, (stores) => family.observe(stores, world));
  } catch (error) {
    // The checker's own reads of the stores: an unreadable store is the machine's failure, not the protocol's.
    throw asEnvironmentFailure(error, storesPlace(medium.kind, world.files.folder));
  }
}

function missingContract(family: string, receiver: string): never {
  throw new Error(`family ${family}: the protocol binds no contract to receiver '${receiver}'`);
}
