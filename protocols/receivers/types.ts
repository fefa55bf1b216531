import type Database from 'better-sqlite3';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One request to a receiver (a warehouse, a tool server, a human queue, a
 * message channel), whatever the family. Its identity for a receipt is
 * (tenant, key); its fingerprint is the canonical JSON of kind + payload.
 */
export interface ReceiverRequest {
  tenant: string;
  /** The idempotency key, fixed by the sender before its first attempt. */
  key: string;
  /** What is asked: `reserve`, `write_file`, `enqueue_ticket`, `send_message`, ... */
  kind: string;
  payload: JsonValue;
  /** Virtual ms at which the sender first recorded the intention; a closed-window receiver refuses old ones. */
  issuedAtMs: number;
  /**
   * The intention this request was made for. An oracle tag for counting
   * effects only: no contract reads it, exactly as a real remote system would
   * never see it.
   */
  intentionId: string;
  /**
   * The key as the history shows it, where the key holds ids a framework
   * draws from the wall clock and a random source (LangGraph's task ids):
   * the same case must write the same history. The receiver reads `key`.
   */
  keyShown?: string;
}

/**
 * A receiver's answer, as a value. `ok`: applied now, or replayed from a
 * receipt. `rejected`: the receipt refuses the same key with another payload.
 * `refused`: the effect itself refused (out of stock, unknown part, rate
 * limited): `definitive` says whether asking again can ever succeed, and
 * `retryAfterMs` when it may. `stale`: the closed window's refusal.
 * `unavailable`: the call failed before the receiver did anything.
 * `no-reply`: the reply was lost in transit, the receiver may or may not have
 * applied it (Jepsen's `info`). `accepted`: an asynchronous receiver took the
 * request and will complete it later, which is not yet an effect.
 */
export type ReceiverReply =
  | { status: 'ok'; result: JsonValue; replayed: boolean }
  | { status: 'rejected'; reason: 'payload-mismatch' }
  | { status: 'refused'; reason: string; definitive: boolean; retryAfterMs?: number }
  | { status: 'stale' }
  | { status: 'unavailable' }
  | { status: 'no-reply' }
  | { status: 'accepted' };

/** The replies that settle a request; the others leave it to be asked again. */
export type SettlingReply = Extract<ReceiverReply, { status: 'ok' | 'rejected' | 'refused' | 'stale' }>;

/** The receiver's rules about time, the same for every contract. */
export interface ReceiverSettings {
  /** Receipts older than this are removed; null keeps them forever. */
  retentionMs: number | null;
  /** Refuse (as `stale`) a request whose intention was issued before now - retentionMs. */
  closedWindow: boolean;
}

export const KEEP_RECEIPTS: ReceiverSettings = { retentionMs: null, closedWindow: false };

/** What applying one request does to the receiver's own tables: an effect with its result, or a refusal (no effect). */
export type EffectOutcome = { applied: JsonValue } | { refused: string; definitive: boolean; retryAfterMs?: number };

/** The effect a receiver applies, given by its family: a warehouse reserves, a tool server writes a file version. */
export interface Effect {
  /** Runs inside the contract's transaction: whatever it writes commits with the contract's receipt, or not at all. */
  apply(db: Database.Database, request: ReceiverRequest, nowMs: number): EffectOutcome;
}

/** What a contract may use: its receiver's database, the effect, the clock, the rules, and cuts inside flawed multi-step contracts. */
export interface ReceiverSide {
  transaction<T>(work: (db: Database.Database) => T): Promise<T>;
  cut(name: string): Promise<void>;
  nowMs(): number;
  settings: ReceiverSettings;
  effect: Effect;
}

/** A receiver's rule for one request (no receipt, atomic receipt, the flawed orders): generic over the effect. */
export interface Contract {
  name: string;
  summary: string;
  handle(side: ReceiverSide, request: ReceiverRequest): Promise<ReceiverReply>;
}

/** The only way protocol code reaches a receiver; a transport (in-process, HTTP, MCP) implements it. */
export interface ReceiverClient {
  send(request: ReceiverRequest): Promise<ReceiverReply>;
}

/**
 * A receiver of a family: its store is `<name>.db` in the case folder, with
 * the family's effect tables plus the receipt tables every contract shares
 * (RECEIPT_SCHEMA). `appliedCut` is the boundary the transport reaches after
 * the receiver committed and before the caller sees the reply: a crash there
 * is the lost reply.
 */
export interface Receiver {
  name: string;
  schema: string;
  effect: Effect;
  appliedCut: string;
}
