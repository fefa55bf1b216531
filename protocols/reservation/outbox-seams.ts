import { OUT_OF_ORDER } from './object-updates.js';
import type { LineRow, LineSend } from './request-lines.js';
import type { Contract } from '../receivers/types.js';
import type Database from 'better-sqlite3';
import type { ProtocolContext, ProtocolSettings, ReserveReply, UpdateOp } from './types.js';

// The outbox's variation points and their correct defaults (outbox.ts builds every outbox variant from them).

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
  /** For an update: its object, its operation and its place among the object's updates. */
  object: string | null;
  op: UpdateOp | null;
  objectSeq: number | null;
  /** How many lines the request carries; 0 for a request of one part. */
  lineCount: number;
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
   * The place an update travels with. Correct: its object's sequence number,
   * recorded with the intention, so the warehouse applies the updates to one
   * object in the caller's order whatever order they arrive in.
   */
  sequence(row: ClaimedRow): number | undefined;
  /**
   * Which lines of a request of several lines go out in this attempt, and
   * under which keys. Correct: only the lines whose outcome is still unknown,
   * each under its own key, recorded with the intention.
   */
  linesToSend(lines: readonly LineRow[], row: ClaimedRow): LineSend[];
  /**
   * What a reply settles when it leaves some lines unknown. Correct: nothing
   * yet; the intention stays pending and the unknown lines are asked again.
   */
  onPartial(db: Database.Database, row: ClaimedRow): Settlement | undefined;
  /**
   * What an asynchronous warehouse's "accepted" means. Correct: no answer
   * yet (undefined): the row stays pending and is asked again by the same key.
   */
  onAccepted(): Settlement | undefined;
  /**
   * What the warehouse's own refusal settles. Correct: a definitive refusal
   * fails the intention with its reason at once; an update refused as out of
   * order waits for its predecessor, without a cap (the predecessor is in this
   * same outbox, on its way); any other transient one is asked
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
  sequence: (row) => row.objectSeq ?? undefined,
  linesToSend: (lines) => lines.filter((line) => line.status === 'pending').map((line) => ({ line, key: line.lineKey })),
  onPartial: () => undefined,
  onAccepted: () => undefined,
  onRefused({ reason, definitive }, row, settings) {
    if (definitive) return { status: 'failed', result: JSON.stringify({ refused: reason }) };
    if (reason === OUT_OF_ORDER) return undefined;
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

export interface OutboxDefinition {
  name: string;
  summary: string;
  contract: Contract;
  /** The seams this variant changes; the others keep their correct default. */
  seams?: Partial<OutboxSeams>;
}
