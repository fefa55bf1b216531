import { EXPECTED_EFFECTS } from '../../../scenarios/reservation/reference-table.js';
import { CLASSIC_CUT_MEANINGS, CLASSIC_CUTS } from '../../../protocols/reservation/cuts.js';
import { protocolFromModule } from '../../../protocols/reservation/module-shape.js';
import { FLAWED_PROTOCOLS, REPAIRED_PROTOCOLS, SEED_PROTOCOLS } from '../../../protocols/reservation/registry.js';
import type { Intention, Protocol, ProtocolSettings } from '../../../protocols/reservation/types.js';
import { intentionId } from '../../../protocols/reservation/types.js';
import { warehouse } from '../../../protocols/reservation/warehouse.js';
import { ORCHESTRATOR } from '../../engine/case-files.js';
import type { Family, ProtocolStatus } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import { readTables } from '../../engine/store-state.js';
import { atMostOnce, firstViolation, noneLost, noneStuck, ranToEnd } from './checks.js';
import { countEffects } from './count-effects.js';
import { linesSettled } from './line-checks.js';
import { updatesInOrder } from './order-checks.js';
import { expectedRefusal } from './refusal-checks.js';
import { WAREHOUSE_SERVING } from './serving.js';
import { relayNames, reservationWorld } from './world.js';

/** The seed's intention: tenant `tenantA`, key `reserve42`, one spare part. */
export const SEED_INTENTION: Intention = {
  tenant: 'tenantA',
  key: 'reserve42',
  params: { part: 'spare-part-7', qty: 1 },
};

export const DEFAULT_SETTINGS: ProtocolSettings = { leaseMs: 30_000, retryDelaysMs: [1_000], refusedAttemptsMax: 6 };

/** The explored workload: tenants alternate over a shared key space, so I = 2 is the same key under two tenants. */
export function exploreIntentions(count: number): Intention[] {
  return Array.from({ length: count }, (_, i) => ({
    tenant: i % 2 === 0 ? 'tenantA' : 'tenantB',
    key: `k${Math.floor(i / 2) + 1}`,
    params: { part: 'bolt', qty: 1 },
  }));
}

/**
 * Updates to one reservation object, in the caller's order: reserve it,
 * change its quantity (as often as `count` allows), and cancel it last, so
 * that any update applied after the cancel shows as a revived reservation.
 */
export function objectUpdates(count: number): Intention[] {
  return Array.from({ length: count }, (_, n): Intention => {
    const op = n === 0 ? 'reserve' : n === count - 1 ? 'cancel' : 'change-quantity';
    return {
      tenant: 'tenantA',
      key: `u${n + 1}`,
      params: { part: 'bolt', qty: op === 'cancel' ? 0 : n + 1, update: { object: 'o1', op } },
    };
  });
}

/** The intentions of a stress trial: one tenant, distinct keys, the same part. */
export function stressIntentions(count: number): Intention[] {
  return Array.from({ length: count }, (_, n) => ({ tenant: 'tenantA', key: `reserve${n + 1}`, params: { part: 'spare-part-7', qty: 1 } }));
}

const STATUS: Record<string, ProtocolStatus> = { 'outbox-dedup': 'correct' };

export type ReservationFamily = Family<Protocol, readonly Intention[], ProtocolSettings>;

/**
 * Seed 004: an agent reserves a spare part in a remote warehouse through an
 * intention, an outbox and a relay. N = reservation rows the warehouse holds
 * for the intention.
 */
export const reservationFamily: ReservationFamily = {
  name: 'reservation',
  // The world and its protocols keep nothing in memory that two relays of a life share (the transport's call count only numbers calls).
  stepsShareOnlyStores: true,
  interchangeableWorkers: relayNames,
  summary: 'seed 004: intention + outbox + relay against a warehouse; N = reservations per intention',
  counted: 'reservation rows in warehouse.db',
  cuts: CLASSIC_CUTS.map((name) => ({ name, meaning: CLASSIC_CUT_MEANINGS[name] })),
  protocols: [
    ...SEED_PROTOCOLS.map((protocol) => ({ protocol, status: STATUS[protocol.name] ?? ('flawed' as const) })),
    ...FLAWED_PROTOCOLS.map((protocol) => ({ protocol, status: 'flawed' as const })),
    ...REPAIRED_PROTOCOLS.map((protocol) => ({ protocol, status: 'repaired' as const })),
  ],
  receivers: [warehouse],
  serving: { [warehouse.name]: WAREHOUSE_SERVING },
  tableWorkload: [SEED_INTENTION],
  tableIntention: intentionId(SEED_INTENTION),
  expectedTable: EXPECTED_EFFECTS,
  defaultSettings: DEFAULT_SETTINGS,
  orchestratorSchema: (protocol) => protocol.localSchema,
  contracts: (protocol) => ({ warehouse: protocol.contract }),
  world: reservationWorld,
  observe(stores, spec) {
    return {
      effects: stores('warehouse', (db) => countEffects(db, spec.workload)),
      metrics: {},
      state: {
        [ORCHESTRATOR]: stores(ORCHESTRATOR, readTables),
        warehouse: stores('warehouse', (db) => ({
          reservations: db.prepare('SELECT * FROM reservations ORDER BY id').all() as Record<string, unknown>[],
          objects: db.prepare('SELECT tenant, object, state, qty FROM reservation_objects ORDER BY tenant, object').all() as Record<
            string,
            unknown
          >[],
        })),
      },
    };
  },
  describeWorkload: (intentions) => intentions.map(intentionId).join(', '),
  exploreWorkload: exploreIntentions,
  judge: (intentions, outcome) => {
    const trial = { intentions };
    return firstViolation(
      () => ranToEnd(outcome),
      () => atMostOnce(trial, outcome),
      // An intention the warehouse refuses by its rules has no effect to lose: it must end failed, not pending (noneStuck).
      // A request of several lines is judged line by line (linesSettled), not as one effect.
      () => noneLost({ intentions: intentions.filter((i) => expectedRefusal(i) === undefined && !i.params.lines) }, outcome),
      () => noneStuck(trial, outcome),
      () => updatesInOrder(trial, outcome),
      () => linesSettled(trial, outcome),
    );
  },
  stress: {
    workload: (total, workers, index) => stressIntentions(total).filter((_, n) => n % workers === index),
    settings: (leaseMs) => ({ leaseMs, retryDelaysMs: [leaseMs], refusedAttemptsMax: 6 }),
    cuts: [...CLASSIC_CUTS, 'receipt-checked'],
  },
  protocolFromModule,
  workloadToJson: (intentions) =>
    intentions.map((intention) => ({ ...intention, params: { ...intention.params } })) as unknown as JsonValue,
  workloadFromJson: (json) => json as unknown as Intention[],
};
