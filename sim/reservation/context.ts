import type Database from 'better-sqlite3';
import type { LocalStore, Protocol, ProtocolContext, ProtocolSettings, WarehouseSettings, WarehouseSide } from '../../protocols/types.js';
import { immediateTransaction } from '../engine/connections.js';
import type { Life } from '../engine/runner.js';
import type { TransportState } from './transport-faults.js';
import { InProcessWarehouseClient } from './warehouse-client.js';

/** A store bound to one connection of one life: no transaction runs once the life has crashed. */
function storeOn(db: Database.Database, life: Life, worker: string): LocalStore {
  return {
    async transaction(work) {
      life.injector.assertAlive(worker, 'transaction');
      return immediateTransaction(db, work);
    },
  };
}

export type ContextFactory = (worker: string) => ProtocolContext;

export interface ContextParts {
  protocol: Protocol;
  life: Life;
  databases: { orchestrator: Database.Database; warehouse: Database.Database };
  settings: ProtocolSettings;
  warehouse: WarehouseSettings;
  transport: TransportState;
}

/** Builds the context each worker of a life gets: its own view of the life's two connections. */
export function contextFactory(parts: ContextParts): ContextFactory {
  const { protocol, life, databases } = parts;
  return (worker) => {
    const cut = (name: string) => life.injector.reach(name, worker);
    const nowMs = () => life.clock.nowMs();
    const side: WarehouseSide = { ...storeOn(databases.warehouse, life, worker), cut, nowMs, settings: parts.warehouse };
    return {
      orchestrator: storeOn(databases.orchestrator, life, worker),
      warehouse: new InProcessWarehouseClient(protocol.contract, side, life, worker, parts.transport),
      cut,
      nowMs,
      worker,
      life: life.index,
      settings: parts.settings,
    };
  };
}
