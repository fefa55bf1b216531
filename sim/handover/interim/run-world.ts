import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReceiverSettings } from '../../../protocols/receivers/types.js';
import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { FileMedium, immediateTransaction, type Connection, type StoreMedium } from '../../engine/connections.js';
import {
  NO_TRANSPORT_FAULTS,
  type CaseFiles,
  type Family,
  type FamilyProtocol,
  type Observation,
  type TransportFaults,
  type WorkerContext,
  type WorldLife,
  type WorldSpec,
} from '../../engine/family.js';
import type { History } from '../../engine/history.js';
import type { CrashDecider, CrashPoint, CutHit, YieldPoint } from '../../engine/injector.js';
import { runLives, type Life, type LifeRecord, type RunEnd } from '../../engine/runner.js';
import { InProcessReceiverClient, TransportState } from './receiver-client.js';

/*
 * Interim: what the lead's runFamily(family, spec) (sim/engine/run-family.ts
 * on main) does, written against sim/engine/family.ts so the handover family
 * runs before it lands. Generic over the family; replaced by runFamily on rebase.
 */

export interface WorldRunSpec<P extends FamilyProtocol, W, S> {
  protocol: P;
  workload: W;
  /** Where the stores live: a folder for the file medium, a name for the memory medium. */
  folder: string;
  medium?: StoreMedium;
  plan: readonly CrashPoint[] | CrashDecider;
  livesMax: number;
  quietLife?: boolean;
  workers?: number;
  settings?: S;
  receiverSettings?: ReceiverSettings;
  faults?: TransportFaults;
  yieldPoint?: YieldPoint;
  roundsMax?: number;
  writeHistory?: boolean;
}

export interface WorldRunOutcome {
  observation: Observation;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  crashes: readonly CutHit[];
  history: History;
  files: CaseFiles;
  endedAtMs: number;
}

function caseFiles(folder: string, receivers: readonly string[]): CaseFiles {
  const stores = Object.fromEntries(['orchestrator', ...receivers].map((name) => [name, join(folder, `${name}.db`)]));
  return { folder, stores, history: join(folder, 'history.jsonl') };
}

/** Runs one case of a family: fresh stores, lives until one completes, an optional quiet life, then observe. */
export async function runWorld<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  spec: WorldRunSpec<P, W, S>,
): Promise<WorldRunOutcome> {
  const medium = spec.medium ?? new FileMedium();
  const files = caseFiles(
    spec.folder,
    family.receivers.map((receiver) => receiver.name),
  );
  if (medium.kind === 'file') mkdirSync(spec.folder, { recursive: true });
  medium.create(files.stores.orchestrator ?? '', family.orchestratorSchema(spec.protocol));
  for (const receiver of family.receivers) medium.create(files.stores[receiver.name] ?? '', receiver.schema);

  const worldSpec: WorldSpec<P, W, S> = {
    protocol: spec.protocol,
    workload: spec.workload,
    files,
    settings: spec.settings ?? family.defaultSettings,
    receiverSettings: spec.receiverSettings ?? KEEP_RECEIPTS,
    faults: spec.faults ?? NO_TRANSPORT_FAULTS,
    workers: spec.workers ?? 1,
    roundsMax: spec.roundsMax ?? 100,
    discoverBoundaries: false,
  };
  const world = family.world(worldSpec);
  const transport = new TransportState(worldSpec.faults);
  const contracts = family.contracts(spec.protocol);
  const outcome = await runLives(
    { live: (life) => world.live(worldLife(life)) },
    {
      plan: spec.plan,
      livesMax: spec.livesMax,
      quietLife: spec.quietLife ?? false,
      medium,
      ...(spec.yieldPoint ? { yieldPoint: spec.yieldPoint } : {}),
    },
  );
  if (spec.writeHistory) outcome.history.writeJsonl(files.history);
  const observation = family.observe((store, read) => {
    const path = files.stores[store];
    if (!path) throw new Error(`no store named ${store}`);
    const db = medium.open(path);
    try {
      return read(db);
    } finally {
      medium.close(path, db);
    }
  }, worldSpec);
  return {
    observation,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.hits,
    crashes: outcome.crashes,
    history: outcome.history,
    files,
    endedAtMs: outcome.clock.nowMs(),
  };

  function worldLife(life: Life): WorldLife {
    const databases = new Map<string, Connection>();
    const database = (store: string): Connection => {
      let db = databases.get(store);
      if (!db) {
        db = life.connections.open(files.stores[store] ?? '');
        databases.set(store, db);
      }
      return db;
    };
    const transaction =
      (store: string, worker: string) =>
      async <T>(work: (db: Connection) => T): Promise<T> => {
        life.injector.assertAlive(worker, 'transaction');
        return immediateTransaction(database(store), work);
      };
    return {
      ...life,
      context(worker: string): WorkerContext {
        const cut = (name: string) => life.injector.reach(name, worker);
        const nowMs = () => life.clock.nowMs();
        return {
          worker,
          life: life.index,
          cut,
          nowMs,
          orchestrator: { transaction: transaction('orchestrator', worker) },
          receiver(name: string) {
            const receiver = family.receivers.find((candidate) => candidate.name === name);
            const contract = contracts[name];
            if (!receiver || !contract) throw new Error(`no receiver named ${name}`);
            const side = {
              transaction: transaction(name, worker),
              cut,
              nowMs,
              settings: worldSpec.receiverSettings,
              effect: receiver.effect,
            };
            return new InProcessReceiverClient(name, contract, side, receiver.appliedCut, life, worker, transport);
          },
        };
      },
    };
  }
}
