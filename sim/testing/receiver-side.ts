import Database from 'better-sqlite3';
import {
  KEEP_RECEIPTS,
  type Effect,
  type ReceiverRequest,
  type ReceiverSettings,
  type ReceiverSide,
} from '../../protocols/receivers/types.js';
import { WAREHOUSE_SCHEMA, warehouse } from '../../protocols/reservation/warehouse.js';

/** A fresh warehouse store (reservations + receipt tables) in memory. */
export function warehouseStore(): Database.Database {
  const db = new Database(':memory:');
  db.exec(WAREHOUSE_SCHEMA);
  return db;
}

/** A reservation request of tenantA, key reserve42, for one spare-part-7, issued at 0. */
export function reserveRequest(change: Partial<ReceiverRequest> = {}): ReceiverRequest {
  return {
    tenant: 'tenantA',
    key: 'reserve42',
    kind: 'reserve',
    payload: { part: 'spare-part-7', qty: 1 },
    issuedAtMs: 0,
    intentionId: 'tenantA:reserve42',
    ...change,
  };
}

/** The reservation rows in a store, as the oracle counts them. */
export function reservationCount(db: Database.Database): number {
  return (db.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n;
}

/**
 * One caller's view of a receiver: the shared store, a clock the test moves,
 * the receiver's rules, and a record of the cuts reached. `beforeTransaction`
 * runs before each transaction (a crash thrown there aborts it, a scheduler
 * awaited there interleaves callers).
 */
export function receiverSide(
  db: Database.Database,
  options: {
    now?: () => number;
    settings?: ReceiverSettings;
    effect?: Effect;
    cuts?: string[];
    beforeTransaction?: () => Promise<void>;
  } = {},
): ReceiverSide {
  return {
    async transaction(work) {
      await options.beforeTransaction?.();
      return db.transaction(work)(db);
    },
    async cut(name) {
      options.cuts?.push(name);
    },
    nowMs: options.now ?? (() => 0),
    settings: options.settings ?? KEEP_RECEIPTS,
    effect: options.effect ?? warehouse.effect,
  };
}

/**
 * A scheduler for callers that share a store: each caller's transactions run
 * in the order `turns` names them (one name a transaction), so a test can
 * place one caller's transaction between two of another's.
 */
export function turnTaking(turns: readonly string[]): (caller: string) => () => Promise<void> {
  let next = 0;
  const waiting = new Map<string, () => void>();
  const wake = () => {
    const caller = turns[next];
    const resume = caller === undefined ? undefined : waiting.get(caller);
    if (!resume || caller === undefined) return;
    waiting.delete(caller);
    next += 1;
    resume();
  };
  return (caller) => () =>
    new Promise<void>((resume) => {
      waiting.set(caller, () => {
        resume();
        // Let the resumed transaction run before the next turn is handed out.
        setImmediate(wake);
      });
      wake();
    });
}
