import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { KEEP_RECEIPTS, type ReceiverSettings } from '../../../protocols/receivers/types.js';
import { FileMedium, immediateTransaction, type Connection } from '../../engine/connections.js';
import {
  NO_TRANSPORT_FAULTS,
  type CaseFiles,
  type Family,
  type FamilyProtocol,
  type Observation,
  type TransportFaults,
  type WorkerContext,
  type WorldLife,
} from '../../engine/family.js';
import type { History } from '../../engine/history.js';
import type { CrashDecider, CrashPoint, CutHit } from '../../engine/injector.js';
import { runLives, type LifeRecord, type RunEnd } from '../../engine/runner.js';
import { CallOrdinals, InProcessReceiverClient } from './in-process-client.js';

export interface FamilyRunSpec<P, W, S> {
  protocol: P;
  workload: W;
  folder: string;
  plan: readonly CrashPoint[] | CrashDecider;
  livesMax: number;
  quietLife?: boolean;
  workers?: number;
  settings?: S;
  receiverSettings?: ReceiverSettings;
  faults?: TransportFaults;
  roundsMax?: number;
  writeHistory?: boolean;
}

export interface FamilyRunOutcome {
  observation: Observation;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  crashes: readonly CutHit[];
  history: History;
  files: CaseFiles;
}

/**
 * Interim, until main's `runFamily` lands (sim/engine/run-family.ts): fresh
 * stores from the family's receivers and the protocol's orchestrator schema,
 * lives with crash and recovery on fresh connections, the in-process client
 * per receiver, then observe() with the checker's own connections. Nothing in
 * it names the plan family.
 */
export async function runFamilyInterim<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  spec: FamilyRunSpec<P, W, S>,
): Promise<FamilyRunOutcome> {
  const medium = new FileMedium();
  mkdirSync(spec.folder, { recursive: true });
  const stores: Record<string, string> = { orchestrator: join(spec.folder, 'orchestrator.db') };
  for (const receiver of family.receivers) stores[receiver.name] = join(spec.folder, `${receiver.name}.db`);
  const files: CaseFiles = { folder: spec.folder, stores, history: join(spec.folder, 'history.jsonl') };
  medium.create(stores['orchestrator'] as string, family.orchestratorSchema(spec.protocol));
  for (const receiver of family.receivers) medium.create(stores[receiver.name] as string, receiver.schema);

  const worldSpec = {
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
  const contracts = family.contracts(spec.protocol);
  const ordinals = new CallOrdinals();
  const outcome = await runLives(
    {
      async live(life) {
        const open = new Map<string, Connection>();
        const connection = (store: string): Connection => {
          let db = open.get(store);
          if (!db) {
            db = life.connections.open(stores[store] as string);
            open.set(store, db);
          }
          return db;
        };
        const worldLife: WorldLife = Object.assign(life, {
          context(worker: string): WorkerContext {
            return {
              worker,
              life: life.index,
              cut: (name) => life.injector.reach(name, worker),
              nowMs: () => life.clock.nowMs(),
              orchestrator: {
                transaction: async (work) => {
                  life.injector.assertAlive(worker, 'orchestrator transaction');
                  return immediateTransaction(connection('orchestrator'), work);
                },
              },
              receiver(name) {
                const receiver = family.receivers.find((candidate) => candidate.name === name);
                const contract = contracts[name];
                if (!receiver || !contract) throw new Error(`family ${family.name} has no receiver '${name}'`);
                return new InProcessReceiverClient(
                  receiver,
                  contract,
                  connection(name),
                  life,
                  worker,
                  worldSpec.receiverSettings,
                  worldSpec.faults,
                  ordinals,
                );
              },
            };
          },
        });
        await world.live(worldLife);
      },
    },
    { plan: spec.plan, livesMax: spec.livesMax, quietLife: spec.quietLife ?? false, medium },
  );
  if (spec.writeHistory) outcome.history.writeJsonl(files.history);
  const observation = family.observe((store, read) => {
    const db = medium.open(stores[store] as string);
    try {
      return read(db);
    } finally {
      medium.close(stores[store] as string, db);
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
  };
}
