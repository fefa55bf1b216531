import type Database from 'better-sqlite3';
import type { LocalStore, Protocol, ProtocolContext, ProtocolSettings, WarehouseSide } from '../../protocols/types.js';
import type { Life } from '../engine/runner.js';
import { InProcessWarehouseClient } from './warehouse-client.js';

/**
 * A store bound to one connection of one life. Every transaction is
 * IMMEDIATE (it takes the write lock up front, so concurrent processes wait
 * on the busy timeout rather than fail on a lock upgrade), and none runs once
 * the life has crashed.
 */
function storeOn(db: Database.Database, life: Life, worker: string): LocalStore & WarehouseSide {
  return {
    async transaction(work) {
      life.injector.assertAlive(worker, 'transaction');
      return db.transaction(work).immediate(db);
    },
    cut: (name) => life.injector.reach(name, worker),
    nowMs: () => life.clock.nowMs(),
  };
}

export interface ContextFactory {
  (worker: string): ProtocolContext;
}

/** Builds the context each worker of a life gets: its own view of the life's two connections. */
export function contextFactory(
  protocol: Protocol,
  life: Life,
  databases: { orchestrator: Database.Database; warehouse: Database.Database },
  settings: ProtocolSettings,
): ContextFactory {
  return (worker) => ({
    orchestrator: storeOn(databases.orchestrator, life, worker),
    warehouse: new InProcessWarehouseClient(protocol.contract, storeOn(databases.warehouse, life, worker), life, worker),
    cut: (name) => life.injector.reach(name, worker),
    nowMs: () => life.clock.nowMs(),
    worker,
    settings,
  });
}
