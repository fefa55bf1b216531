import type { Intention, Protocol, ProtocolSettings, WarehouseSettings } from '../../protocols/types.js';
import { FileMedium, type StoreMedium } from '../engine/connections.js';
import type { History } from '../engine/history.js';
import type { CrashDecider, CrashPoint, CutHit, YieldPoint } from '../engine/injector.js';
import { runLives, type Life, type LifeRecord, type RunEnd } from '../engine/runner.js';
import { countEffects } from './count-effects.js';
import { readLocalState, type TableRows } from './local-state.js';
import { reservationScenario } from './scenario.js';
import { caseFiles, createFreshStores, readStore, type CaseFiles } from './stores.js';
import { NO_TRANSPORT_FAULTS, TransportState, type TransportFaults } from './transport-faults.js';

export const DEFAULT_SETTINGS: ProtocolSettings = { leaseMs: 30_000, retryDelaysMs: [1_000] };
export const KEEP_RECEIPTS: WarehouseSettings = { retentionMs: null, closedWindow: false };

export interface ReservationSpec {
  protocol: Protocol;
  intentions: readonly Intention[];
  /** Where the stores live: a folder for the file medium, a name for the memory medium. */
  folder: string;
  medium?: StoreMedium;
  plan: readonly CrashPoint[] | CrashDecider;
  livesMax: number;
  /** Live one more, quiet life after completion: faults stop, work drains (liveness). */
  quietLife?: boolean;
  workers?: number;
  settings?: ProtocolSettings;
  warehouse?: WarehouseSettings;
  faults?: TransportFaults;
  yieldPoint?: YieldPoint;
  relayRoundsMax?: number;
  /** Write history.jsonl into the folder (file medium). */
  writeHistory?: boolean;
  /** Every local and warehouse commit is a boundary of its own, named after its source line. */
  discoverBoundaries?: boolean;
  beforeLife?: (life: Life) => void;
  afterLife?: (life: Life) => void;
}

export interface ReservationOutcome {
  /** N(k) per intention label, read back from the warehouse store after every life ended. */
  effects: Record<string, number>;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  crashes: readonly CutHit[];
  localState: Record<string, TableRows>;
  /** What the warehouse holds, for checks beyond counting. */
  reservations: TableRows;
  history: History;
  files: CaseFiles;
  endedAtMs: number;
}

/**
 * Runs the reservation scenario once: fresh stores, lives until one
 * completes (crash, recovery with fresh connections), optionally a quiet life,
 * then N counted per intention with a connection of the checker's own.
 */
export async function runReservation(spec: ReservationSpec): Promise<ReservationOutcome> {
  const medium = spec.medium ?? new FileMedium();
  const files = caseFiles(spec.folder);
  createFreshStores(medium, files, spec.protocol.localSchema);
  const outcome = await runLives(
    reservationScenario({
      protocol: spec.protocol,
      intentions: spec.intentions,
      files,
      settings: spec.settings ?? DEFAULT_SETTINGS,
      warehouse: spec.warehouse ?? KEEP_RECEIPTS,
      transport: new TransportState(spec.faults ?? NO_TRANSPORT_FAULTS),
      workers: spec.workers ?? 1,
      relayRoundsMax: spec.relayRoundsMax ?? 100,
      discoverBoundaries: spec.discoverBoundaries ?? false,
    }),
    {
      plan: spec.plan,
      livesMax: spec.livesMax,
      quietLife: spec.quietLife ?? false,
      medium,
      ...(spec.yieldPoint ? { yieldPoint: spec.yieldPoint } : {}),
      ...(spec.afterLife ? { afterLife: spec.afterLife } : {}),
      ...(spec.beforeLife ? { beforeLife: spec.beforeLife } : {}),
    },
  );
  if (spec.writeHistory) outcome.history.writeJsonl(files.history);
  const { effects, reservations } = readStore(medium, files.warehouse, (db) => ({
    effects: countEffects(db, spec.intentions),
    reservations: db.prepare('SELECT * FROM reservations ORDER BY id').all() as TableRows,
  }));
  return {
    effects,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.hits,
    crashes: outcome.crashes,
    localState: readStore(medium, files.orchestrator, readLocalState),
    reservations,
    history: outcome.history,
    files,
    endedAtMs: outcome.clock.nowMs(),
  };
}
