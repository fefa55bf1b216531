import type { LocalStore, Protocol, ProtocolContext, ProtocolSettings, WarehouseSide } from '../../protocols/types.js';
import { immediateTransaction, type Connection } from '../engine/connections.js';
import type { Life } from '../engine/runner.js';
import { KEEP_RECEIPTS } from '../reservation/run-reservation.js';
import { NO_TRANSPORT_FAULTS, TransportState } from '../reservation/transport-faults.js';
import { InProcessWarehouseClient } from '../reservation/warehouse-client.js';
import type { BusyRetry } from './busy-retry.js';

export interface StressContextParts {
  protocol: Protocol;
  life: Life;
  worker: string;
  databases: { orchestrator: Connection; warehouse: Connection };
  busy: BusyRetry;
  settings: ProtocolSettings;
}

/**
 * The context of a stress worker: the same protocol code, cuts and
 * warehouse contract as a table case, on this process's own connections,
 * with real time and every transaction retried on SQLITE_BUSY. Other
 * processes work on the same files meanwhile, so races are real.
 */
export function stressContext(parts: StressContextParts): ProtocolContext {
  const { life, worker, busy } = parts;
  const storeOn = (db: Connection): LocalStore => ({
    transaction(work) {
      life.injector.assertAlive(worker, 'transaction');
      return busy.run(() => immediateTransaction(db, work));
    },
  });
  const cut = (name: string) => life.injector.reach(name, worker);
  const nowMs = () => life.clock.nowMs();
  const side: WarehouseSide = { ...storeOn(parts.databases.warehouse), cut, nowMs, settings: KEEP_RECEIPTS };
  return {
    orchestrator: storeOn(parts.databases.orchestrator),
    warehouse: new InProcessWarehouseClient(parts.protocol.contract, side, life, worker, new TransportState(NO_TRANSPORT_FAULTS)),
    cut,
    nowMs,
    worker,
    life: life.index,
    settings: parts.settings,
  };
}
