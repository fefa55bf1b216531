import type { Contract } from '../receivers/types.js';
import type Database from 'better-sqlite3';
import type { Intention, ProtocolContext, ProtocolSettings, ReserveReply, ReserveRequest } from './types.js';

// The outbox's variation points and their correct defaults (outbox.ts builds every outbox variant from them),
// and the hooks an extension composes onto it (outbox-updates.ts, outbox-lines.ts).

/** A row claimed for delivery, as the relay sees it. */
export interface ClaimedRow {
  id: number;
  intentionId: number;
  tenant: string;
  key: string;
  requestKey: string;
  keyLife: number;
  part: string;
  qty: number;
  issuedAtMs: number;
  attempts: number;
}

/**
 * How an intention ends locally once its reply settles it. `underLease`: the
 * relay's own conclusion (a give-up) rather than the warehouse's answer, so it
 * holds only while no other attempt can be on its way: while the relay still
 * holds the row's lease.
 */
export type Settlement = { status: 'done' | 'failed' | 'reconcile'; result: string; underLease?: true };

/** The warehouse's own refusal of a request, as the relay receives it. */
export type Refusal = Extract<ReserveReply, { status: 'refused' }>;

/**
 * The outbox's named seams: what a variant may change, each with the correct
 * behaviour as its default. A flawed protocol's file holds its own seam, so a
 * reader of a flaw sees the flaw.
 */
export interface OutboxSeams {
  /**
   * The key sent for a claimed row, chosen inside the claim transaction.
   * Correct: the key recorded with the intention, the same in every life.
   */
  requestKey(db: Database.Database, row: ClaimedRow, life: number): string;
  /**
   * What an asynchronous warehouse's "accepted" means. Correct: no answer
   * yet (undefined): the row stays pending and is asked again by the same key.
   */
  onAccepted(): Settlement | undefined;
  /**
   * What the warehouse's own refusal settles. Correct: a definitive refusal
   * fails the intention with its reason at once; a transient one is asked
   * again, same key, until the protocol's `refusedAttemptsMax` attempts, then
   * fails as given up, under the lease.
   */
  onRefused(refusal: Refusal, row: ClaimedRow, settings: ProtocolSettings): Settlement | undefined;
  /**
   * Settles the intention and retires its outbox row; says whether it wrote
   * them. Correct: one local transaction for both, where the first settling
   * answer wins, and a settlement `underLease` is written only while this
   * relay still holds the row's lease. A relay whose lease has ended writes no
   * give-up: another relay may have claimed the row and had its attempt
   * applied, and the give-up would call refused what the warehouse holds.
   */
  confirm(ctx: ProtocolContext, row: ClaimedRow, settlement: Settlement): Promise<boolean>;
}

export const CORRECT_SEAMS: OutboxSeams = {
  requestKey: (_db, row) => row.requestKey,
  onAccepted: () => undefined,
  onRefused({ reason, definitive }, row, settings) {
    if (definitive) return { status: 'failed', result: JSON.stringify({ refused: reason }) };
    return row.attempts >= settings.refusedAttemptsMax
      ? { status: 'failed', result: JSON.stringify({ refused: reason, gaveUp: row.attempts }), underLease: true }
      : undefined;
  },
  async confirm(ctx, row, { status, result, underLease }) {
    return ctx.orchestrator.transaction((db) => {
      // The fence is read in the transaction that writes, so no claim can come between the two.
      if (
        underLease &&
        !db.prepare('SELECT 1 FROM outbox WHERE id = ? AND lease_owner = ? AND lease_until_ms > ?').get(row.id, ctx.worker, ctx.nowMs())
      )
        return false;
      // The first settling answer wins: a late duplicate send must not overwrite it.
      db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE id = ? AND status = 'pending'`).run(status, result, row.intentionId);
      db.prepare(`UPDATE outbox SET status = 'sent', lease_owner = NULL, lease_until_ms = NULL WHERE id = ?`).run(row.id);
      return true;
    });
  },
};

/**
 * What an extension adds to the outbox, at the outbox's own steps: more
 * recorded with the intention, more carried by a claimed row's request, a
 * seam refined, or a row of its own kind delivered its own way. Each hook
 * runs inside the transaction or step named, so an extension adds no
 * transaction and no cut to a row it leaves to the outbox.
 */
export interface OutboxExtension {
  /** In the transaction that records the intention and its outbox row: what the extension records with them. */
  record(db: Database.Database, intention: Intention, intentionRowId: number): void;
  /** In the claim transaction: the row's request with what the extension recorded for it. */
  request?(db: Database.Database, row: ClaimedRow, request: ReserveRequest): ReserveRequest;
  /** The outbox's seams as the extension needs them, built once. */
  refine?(seams: OutboxSeams): OutboxSeams;
  /** In the claim transaction: whether the row is of the extension's kind, delivered by `deliver` instead of the outbox's one send. */
  delivers?(db: Database.Database, row: ClaimedRow): boolean;
  /** Delivers a row `delivers` took, from its sends to its confirmation, with the outbox's seams. */
  deliver?(ctx: ProtocolContext, row: ClaimedRow, seams: OutboxSeams): Promise<void>;
}

export interface OutboxDefinition {
  name: string;
  summary: string;
  contract: Contract;
  /** The seams this variant changes; the others keep their correct default. */
  seams?: Partial<OutboxSeams>;
  /** What the variant adds to the seed's outbox, in this order (updates to one object, requests of several lines). */
  extensions?: readonly OutboxExtension[];
}
