import type Database from 'better-sqlite3';
import type { Contract } from '../receivers/types.js';

/** What the agent wants done once. Its identity, (tenant, key), is fixed before the first attempt. */
export interface Intention {
  tenant: string;
  key: string;
  params: ReservationParams;
}

export interface ReservationParams {
  part: string;
  qty: number;
  /**
   * Set when the intention updates one reservation object rather than making
   * a reservation of its own: reserve it, change its quantity, or cancel it.
   * Each update is its own intention with its own key; the caller's order of
   * the updates to one object is the order they must take effect in.
   */
  update?: ObjectUpdate;
  /**
   * Set when one request carries several lines (parts): the warehouse
   * applies or refuses each line on its own, under the line's own key.
   * `part` and `qty` then name the request as a whole (see linesRequest).
   */
  lines?: ReservationLine[];
}

/** One line of a request of several lines. */
export interface ReservationLine {
  part: string;
  qty: number;
}

/** What an update does to its reservation object. */
export type UpdateOp = 'reserve' | 'change-quantity' | 'cancel';

export interface ObjectUpdate {
  /** The reservation object, named by the caller; one tenant's objects are its own. */
  object: string;
  op: UpdateOp;
}

/** What travels to the warehouse. */
export interface ReserveRequest {
  tenant: string;
  key: string;
  params: ReservationParams;
  /** Virtual ms at which the intention was first recorded; a closed-window warehouse refuses old ones. */
  issuedAtMs: number;
  /**
   * The intention this request was made for, as `tenant:key`. An oracle tag
   * for counting effects only: no warehouse contract reads it, exactly as a
   * real remote system would never see it.
   */
  intentionId: string;
  /**
   * An update's place among its object's updates (1, 2, ...), fixed when the
   * intention is recorded. The warehouse applies update n only after n - 1;
   * an update sent without one is applied as it arrives.
   */
  seq?: number;
}

/**
 * The warehouse's answer, as a value. `rejected` is the receipt's refusal of
 * the same key with other params; `refused` is the warehouse's own refusal
 * (`definitive`: asking again can never succeed; `retryAfterMs`: when
 * asking again may); `stale` is the closed window's refusal;
 * `unavailable` means the call failed before the warehouse did anything;
 * `no-reply` means the reply was lost in transit: the warehouse may or may
 * not have applied the request (Jepsen's `info`); `accepted` means an
 * asynchronous warehouse took the request and will complete it later, which
 * is not yet an effect.
 */
export type ReserveReply =
  | { status: 'ok'; reservationId: number; replayed: boolean }
  | { status: 'rejected'; reason: 'params-mismatch' }
  | { status: 'refused'; reason: string; definitive: boolean; retryAfterMs?: number }
  | { status: 'stale' }
  | { status: 'unavailable' }
  | { status: 'no-reply' }
  | { status: 'accepted' };

/** The replies that settle an intention; `unavailable`, `no-reply` and `accepted` leave it to be asked again. */
export type SettledReply = Exclude<ReserveReply, { status: 'unavailable' } | { status: 'no-reply' } | { status: 'accepted' }>;

/** The only way protocol code reaches the warehouse. */
export interface WarehouseClient {
  reserve(request: ReserveRequest): Promise<ReserveReply>;
}

/** The agent's own store. Each transaction commits atomically or not at all. */
export interface LocalStore {
  transaction<T>(work: (db: Database.Database) => T): Promise<T>;
}

/** Everything a protocol may touch: its store, the warehouse client, the clock and the cut seam. */
export interface ProtocolContext {
  orchestrator: LocalStore;
  warehouse: WarehouseClient;
  /** A named durable boundary: the run may crash here, and concurrent workers interleave here. */
  cut(name: string): Promise<void>;
  nowMs(): number;
  /** The worker this context belongs to: `caller` or `relay-<n>`. */
  worker: string;
  /** Which process life this is: 0 for the first attempt, n for the nth recovery. */
  life: number;
  /** Protocol tunables, in virtual ms. */
  settings: ProtocolSettings;
}

export interface ProtocolSettings {
  /** How long a relay's claim on an outbox row holds before another worker may take it. */
  leaseMs: number;
  /**
   * How long a relay waits before retrying a row whose call got no settling
   * reply (unavailable, or the reply was lost): attempt n waits
   * retryDelaysMs[(n - 1) % length].
   */
  retryDelaysMs: readonly number[];
  /**
   * The cap on an outbox row's attempts (whatever their replies) after which
   * a transient refusal (out of stock, rate limited) is not asked again:
   * the intention fails as given up, with the warehouse's last reason, instead
   * of waiting for ever. A definitive refusal never uses it: it fails at once.
   */
  refusedAttemptsMax: number;
}

/** The retry delay before attempt `attempts + 1`. */
export function retryDelayMs(settings: ProtocolSettings, attempts: number): number {
  const delays = settings.retryDelaysMs;
  return delays[Math.max(0, attempts - 1) % delays.length] ?? 0;
}

/** What a relay returns when it stops with work still pending: when the next row becomes due. */
export interface RelayWait {
  waitUntilMs: number;
}

/**
 * A protocol: how an intention is submitted, and how the relay delivers
 * pending work. Recovery is the same two steps in a fresh process life: the
 * caller re-presents the same intention (same key), then the relay resumes.
 * So `submit` must treat an intention it already recorded as known.
 */
export interface Protocol {
  name: string;
  summary: string;
  /** The warehouse's contract: how it applies one request (no receipt, atomic receipt, a flawed order). */
  contract: Contract;
  /** SQL that creates the orchestrator's tables in a fresh file. */
  localSchema: string;
  submit(ctx: ProtocolContext, intention: Intention): Promise<void>;
  /** Delivers what is due now. Returns nothing when no work is left, or when to come back. */
  relay(ctx: ProtocolContext): Promise<void | RelayWait>;
}

export function intentionId(intention: Pick<Intention, 'tenant' | 'key'>): string {
  return `${intention.tenant}:${intention.key}`;
}
