import type { Contract, Receiver } from '../../../protocols/receivers/types.js';
import type { Connection } from '../../engine/connections.js';
import { asyncAccept } from '../../../protocols/warehouse/async-accept.js';
import { atomicReceipt, tenantlessReceipt } from '../../../protocols/warehouse/atomic-receipt.js';
import { checkThenActReceipt } from '../../../protocols/warehouse/check-then-act-receipt.js';
import { noReceipt } from '../../../protocols/warehouse/no-receipt.js';
import { sideStoreLease } from '../../../protocols/warehouse/side-store-lease.js';
import { WAREHOUSE_SCHEMA } from '../../../protocols/warehouse/schema.js';
import { effectThenReceipt, receiptThenEffect } from '../../../protocols/warehouse/split-receipt.js';
import { bridgeWarehouseContract, reservationEffect } from './warehouse-bridge.js';

/** A receiver a server can stand in front of: its store, its contracts, and how its effects are counted for the oracle. */
export interface ServableReceiver {
  receiver: Receiver;
  /** The kind of request its effect applies: the HTTP path (POST /reserve) and the MCP write tool's name. */
  kind: string;
  contracts: readonly Contract[];
  /** Effects for a key, under one tenant or (tenant undefined) under every tenant. */
  countEffects(db: Connection, key: string, tenant: string | undefined): number;
}

const WAREHOUSE: ServableReceiver = {
  receiver: { name: 'warehouse', schema: WAREHOUSE_SCHEMA, effect: reservationEffect, appliedCut: 'effect-applied' },
  kind: 'reserve',
  contracts: [
    atomicReceipt,
    tenantlessReceipt,
    checkThenActReceipt,
    noReceipt,
    receiptThenEffect,
    effectThenReceipt,
    sideStoreLease,
    asyncAccept,
  ].map(bridgeWarehouseContract),
  countEffects(db, key, tenant) {
    const row =
      tenant === undefined
        ? db.prepare('SELECT count(*) AS n FROM reservations WHERE request_key = ?').get(key)
        : db.prepare('SELECT count(*) AS n FROM reservations WHERE tenant = ? AND request_key = ?').get(tenant, key);
    return (row as { n: number }).n;
  },
};

/**
 * The one place `sim serve` and the HTTP transport look receivers up. Today
 * it knows the warehouse alone; when the families' registry is on main
 * (sim/families.ts), this function reads every family's receivers from it.
 */
export function servableReceivers(): readonly ServableReceiver[] {
  return [WAREHOUSE];
}

export function findServableReceiver(name: string): ServableReceiver | undefined {
  return servableReceivers().find((servable) => servable.receiver.name === name);
}
