import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import type { LocalStore, Protocol, ProtocolContext, ProtocolSettings, WarehouseSettings, WarehouseSide } from '../../protocols/types.js';
import { callSite, siteLabel } from '../engine/call-site.js';
import { immediateTransaction } from '../engine/connections.js';
import type { Life } from '../engine/runner.js';
import type { TransportState } from './transport-faults.js';
import { InProcessWarehouseClient } from './warehouse-client.js';

/**
 * Where the harness's own code lives, as absolute folders of this package (its
 * sources, and dist/ when compiled): a boundary's call site is the first frame
 * outside them, in protocol code or a user's module.
 */
const HARNESS_FOLDERS = ((): string[] => {
  const here = fileURLToPath(import.meta.url);
  const base = here.slice(0, here.lastIndexOf(`${sep}sim${sep}reservation${sep}`));
  const root = base.endsWith(`${sep}dist`) ? base.slice(0, -`${sep}dist`.length) : base;
  return [root, join(root, 'dist')].flatMap((folder) => [join(folder, 'sim') + sep, join(folder, 'scenarios') + sep]);
})();

/**
 * A store bound to one connection of one life: no transaction runs once the
 * life has crashed. With commit boundaries on, every commit is itself a
 * boundary, named after the store and the source line that committed, so a
 * crash can be injected right after it.
 */
function totalChanges(db: Database.Database): number {
  return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

function storeOn(db: Database.Database, life: Life, worker: string, store: string, discoverBoundaries: boolean): LocalStore {
  return {
    async transaction(work) {
      life.injector.assertAlive(worker, 'transaction');
      if (!discoverBoundaries) return immediateTransaction(db, work);
      const site = siteLabel(callSite(HARNESS_FOLDERS));
      const changesBefore = totalChanges(db);
      const result = immediateTransaction(db, work);
      // Only a commit that wrote something is a durable boundary; a read-only one changes nothing a crash could split.
      if (totalChanges(db) !== changesBefore) await life.injector.reach(`${store}-commit@${site}`, worker);
      return result;
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
  /**
   * Cut discovery: every local and warehouse commit is a boundary of its own,
   * and every boundary is named after the source line that reached it.
   */
  discoverBoundaries: boolean;
}

/** Builds the context each worker of a life gets: its own view of the life's two connections. */
export function contextFactory(parts: ContextParts): ContextFactory {
  const { protocol, life, databases } = parts;
  return (worker) => {
    const cut = (name: string) =>
      life.injector.reach(parts.discoverBoundaries ? `${name}@${siteLabel(callSite(HARNESS_FOLDERS))}` : name, worker);
    const nowMs = () => life.clock.nowMs();
    const side: WarehouseSide = {
      ...storeOn(databases.warehouse, life, worker, 'warehouse', parts.discoverBoundaries),
      cut,
      nowMs,
      settings: parts.warehouse,
    };
    return {
      orchestrator: storeOn(databases.orchestrator, life, worker, 'orchestrator', parts.discoverBoundaries),
      warehouse: new InProcessWarehouseClient(protocol.contract, side, life, worker, parts.transport),
      cut,
      nowMs,
      worker,
      life: life.index,
      settings: parts.settings,
    };
  };
}
