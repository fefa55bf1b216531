import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Contract, Receiver, ReceiverClient, ReceiverSettings, ReceiverSide } from '../../protocols/receivers/types.js';
import type { TransportState } from './transport-state.js';
import { InProcessClient } from './in-process-client.js';
import { callSite, siteLabel } from './call-site.js';
import { immediateTransaction, type Connection } from './connections.js';
import { ORCHESTRATOR } from './case-files.js';
import type { CaseFiles, WorkerContext, WorldLife } from './family.js';
import type { Life } from './runner.js';

/**
 * Where the harness's own code lives, as absolute folders of this package (its
 * sources, and dist/ when compiled): a boundary's call site is the first frame
 * outside them, in protocol code or a user's module.
 */
const HARNESS_FOLDERS = ((): string[] => {
  const here = fileURLToPath(import.meta.url);
  const base = here.slice(0, here.lastIndexOf(`${sep}sim${sep}engine${sep}`));
  const root = base.endsWith(`${sep}dist`) ? base.slice(0, -`${sep}dist`.length) : base;
  return [root, join(root, 'dist')].flatMap((folder) => [join(folder, 'sim') + sep, join(folder, 'scenarios') + sep]);
})();

function totalChanges(db: Connection): number {
  return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

/**
 * A store bound to one connection of one life: no transaction runs once the
 * life has crashed. With commit boundaries on, every commit is itself a
 * boundary, named after the store and the source line that committed, so a
 * crash can be injected right after it.
 */
function storeOn(db: Connection, life: Life, worker: string, store: string, parts: WorkerContextParts): WorkerContext['orchestrator'] {
  const { discoverBoundaries, retryBusy } = parts;
  const path = parts.files.stores[store];
  const transact = <T>(work: (db: Connection) => T): T => {
    try {
      return immediateTransaction(db, work);
    } catch (error) {
      // The protocol gets its error as SQLite raised it; a full disk is remembered even if the protocol swallows it.
      life.connections.note(error, path);
      throw error;
    }
  };
  return {
    async transaction(work) {
      life.injector.assertAlive(worker, 'transaction');
      if (retryBusy) return retryBusy(() => transact(work));
      if (!discoverBoundaries) return transact(work);
      const site = siteLabel(callSite(HARNESS_FOLDERS));
      const changesBefore = totalChanges(db);
      const result = transact(work);
      // Only a commit that wrote something is a durable boundary; a read-only one changes nothing a crash could split.
      if (totalChanges(db) !== changesBefore) await life.injector.reach(`${store}-commit@${site}`, worker);
      return result;
    },
  };
}

/**
 * How a worker reaches one receiver: in-process by default; other transports (HTTP, MCP) give their own client.
 * `transport` is the run's fault state (call ordinals, unavailability), shared by every life of the run.
 */
export type ClientFactory = (
  binding: ReceiverBinding,
  side: ReceiverSide,
  life: Life,
  worker: string,
  transport: TransportState,
) => ReceiverClient;

export interface ReceiverBinding {
  receiver: Receiver;
  contract: Contract;
}

export interface WorkerContextParts {
  files: CaseFiles;
  receivers: readonly ReceiverBinding[];
  receiverSettings: ReceiverSettings;
  transport: TransportState;
  /** Cut discovery: every commit is a boundary of its own, and every boundary is named after the source line that reached it. */
  discoverBoundaries: boolean;
  clientFactory?: ClientFactory;
  /** Wraps every transaction: stress workers retry SQLITE_BUSY with a bound. */
  retryBusy?: <T>(work: () => T) => Promise<T>;
}

/**
 * Turns an engine life into a world's life: the life's connections to every
 * store are opened once, and each worker gets its own view of them (its cut
 * seam, its clock, its orchestrator, a client per receiver).
 */
export function worldLife(life: Life, parts: WorkerContextParts): WorldLife {
  const path = (store: string) => parts.files.stores[store] ?? '';
  const orchestratorDb = life.connections.open(path(ORCHESTRATOR));
  const receiverDbs = new Map(parts.receivers.map(({ receiver }) => [receiver.name, life.connections.open(path(receiver.name))]));
  const clientFor = parts.clientFactory ?? inProcessClient;
  const checks: AwaitCheck[] = [];
  const context = (worker: string): WorkerContext => {
    const awaits = new AwaitCheck(worker, life.index);
    checks.push(awaits);
    const cut = (name: string) => {
      awaits.assertAwaited();
      return awaits.watch(
        name,
        life.injector.reach(parts.discoverBoundaries ? `${name}@${siteLabel(callSite(HARNESS_FOLDERS))}` : name, worker),
      );
    };
    const nowMs = () => life.clock.nowMs();
    const clients = new Map(
      parts.receivers.map((binding) => {
        const side: ReceiverSide = {
          ...storeOn(receiverDbs.get(binding.receiver.name) as Connection, life, worker, binding.receiver.name, parts),
          cut,
          nowMs,
          settings: parts.receiverSettings,
          effect: binding.receiver.effect,
        };
        const client = clientFor(binding, side, life, worker, parts.transport);
        return [binding.receiver.name, { send: (request) => (awaits.assertAwaited(), client.send(request)) } satisfies ReceiverClient];
      }),
    );
    return {
      worker,
      life: life.index,
      cut,
      nowMs,
      orchestrator: awaitedStore(storeOn(orchestratorDb, life, worker, ORCHESTRATOR, parts), awaits),
      receiver(name) {
        const client = clients.get(name);
        if (!client) throw new Error(`no receiver '${name}' in this world (it has ${[...clients.keys()].join(', ')})`);
        return client;
      },
    };
  };
  const connection = (store: string): Connection => {
    const db = store === ORCHESTRATOR ? orchestratorDb : receiverDbs.get(store);
    if (!db) throw new Error(`no store '${store}' in this world`);
    return db;
  };
  const contexts = new Map<string, WorkerContext>();
  const world: WorldLife = {
    ...life,
    connection,
    retryBusy: (work) => (parts.retryBusy ? parts.retryBusy(work) : Promise.resolve(work())),
    wrote: (worker, kind) =>
      parts.discoverBoundaries ? life.injector.reach(`${kind}@${siteLabel(callSite(HARNESS_FOLDERS))}`, worker) : Promise.resolve(),
    context: (worker) => {
      // One context per worker and life: its await check must see every cut that worker reaches.
      const known = contexts.get(worker) ?? context(worker);
      contexts.set(worker, known);
      return known;
    },
  };
  LIFE_CHECKS.set(world, checks);
  return world;
}

const LIFE_CHECKS = new WeakMap<WorldLife, AwaitCheck[]>();

/** After a life's code returned: a cut left unawaited as its very last step is caught too. */
export function assertCutsAwaited(life: WorldLife): void {
  for (const check of LIFE_CHECKS.get(life) ?? []) check.assertAwaited();
}

/** A missed `await` on ctx.cut: the protocol ran on past a boundary where the run may have crashed. */
export class MissedAwait extends Error {}

/**
 * Catches a cut that was not awaited. `ctx.cut` returns a thenable that
 * notes when it is awaited; the worker's next step into the harness (another
 * cut, a transaction, a request) fails if the previous cut never was, naming
 * it. Its rejection is marked handled, so a crash at an unawaited cut cannot
 * bring the process down as an unhandled rejection.
 */
class AwaitCheck {
  private pending: { name: string; awaited: boolean } | undefined;

  constructor(
    private readonly worker: string,
    private readonly life: number,
  ) {}

  watch(name: string, reached: Promise<void>): Promise<void> {
    const marker = { name, awaited: false };
    this.pending = marker;
    reached.catch(() => undefined);
    const thenable = {
      then<A, B>(onFulfilled?: (value: void) => A | PromiseLike<A>, onRejected?: (reason: unknown) => B | PromiseLike<B>) {
        marker.awaited = true;
        return reached.then(onFulfilled, onRejected);
      },
      catch<B>(onRejected?: (reason: unknown) => B | PromiseLike<B>) {
        marker.awaited = true;
        return reached.catch(onRejected);
      },
      finally(onFinally?: () => void) {
        marker.awaited = true;
        return reached.finally(onFinally);
      },
      [Symbol.toStringTag]: 'Promise',
    };
    return thenable as Promise<void>;
  }

  assertAwaited(): void {
    if (this.pending && !this.pending.awaited) {
      const { name } = this.pending;
      this.pending = undefined;
      throw new MissedAwait(
        `ctx.cut('${name}') was not awaited (worker ${this.worker}, life ${this.life}): write \`await ctx.cut('${name}')\``,
      );
    }
  }
}

function awaitedStore(store: WorkerContext['orchestrator'], awaits: AwaitCheck): WorkerContext['orchestrator'] {
  return {
    transaction: (work) => {
      awaits.assertAwaited();
      return store.transaction(work);
    },
  };
}

const inProcessClient: ClientFactory = (binding, side, life, worker, transport) =>
  new InProcessClient(binding.receiver, binding.contract, side, life, worker, transport);
