import Database from 'better-sqlite3';
import { LOCAL_SCHEMA } from '../../protocols/reservation/local-schema.js';
import type { Intention, ProtocolContext, ProtocolSettings, ReserveReply, ReserveRequest } from '../../protocols/reservation/types.js';

/** The refusal cap the tests' hand-driven relays run with: the family's default (DEFAULT_SETTINGS). */
export const REFUSED_ATTEMPTS_MAX = 6;

/** A fresh orchestrator store (intentions + outbox) in memory. */
export function orchestratorStore(): Database.Database {
  const db = new Database(':memory:');
  db.exec(LOCAL_SCHEMA);
  return db;
}

export const intention = (key: string, change: Partial<Intention> = {}): Intention => ({
  tenant: 'tenantA',
  key,
  params: { part: 'spare-part-7', qty: 1 },
  ...change,
});

/** What a test sees of one worker's run: every request it sent and every cut it reached, in order. */
export interface Recorded {
  sent: ReserveRequest[];
  cuts: string[];
}

/**
 * One worker's context over a shared orchestrator store, with a warehouse
 * the test scripts: `answer` gives each request's reply (and may run another
 * worker meanwhile). The clock is the test's; `crashAt` throws at a cut, as
 * the injector would.
 */
export function protocolContext(
  db: Database.Database,
  options: {
    answer?: (request: ReserveRequest) => ReserveReply | Promise<ReserveReply>;
    now?: () => number;
    worker?: string;
    life?: number;
    settings?: ProtocolSettings;
    crashAt?: string;
    /** Runs before each local transaction: a crash thrown there aborts it. */
    beforeTransaction?: () => void;
  } = {},
): ProtocolContext & { recorded: Recorded } {
  const recorded: Recorded = { sent: [], cuts: [] };
  return {
    recorded,
    orchestrator: {
      async transaction(work) {
        options.beforeTransaction?.();
        return db.transaction(work)(db);
      },
    },
    warehouse: {
      async reserve(request) {
        recorded.sent.push(request);
        return (options.answer ?? (() => ({ status: 'ok', reservationId: 1, replayed: false }) as const))(request);
      },
    },
    async cut(name) {
      recorded.cuts.push(name);
      if (name === options.crashAt) throw new Error(`crash at ${name}`);
    },
    nowMs: options.now ?? (() => 0),
    worker: options.worker ?? 'relay-1',
    life: options.life ?? 0,
    settings: options.settings ?? { leaseMs: 1_000, retryDelaysMs: [100, 200], refusedAttemptsMax: REFUSED_ATTEMPTS_MAX },
  };
}

/** The orchestrator's rows, as a test compares them. */
export function localRows(db: Database.Database): { intentions: unknown[]; outbox: unknown[] } {
  return {
    intentions: db.prepare('SELECT tenant, key, part, qty, status, result, issued_at_ms AS issuedAtMs FROM intentions ORDER BY id').all(),
    outbox: db
      .prepare(
        `SELECT intention_id AS intentionId, status, request_key AS requestKey, key_life AS keyLife, lease_owner AS leaseOwner,
                lease_until_ms AS leaseUntilMs, attempts, next_attempt_ms AS nextAttemptMs FROM outbox ORDER BY id`,
      )
      .all(),
  };
}
