import type Database from 'better-sqlite3';
import { requestFingerprint } from '../../receivers/fingerprint.js';
import type { Contract, EffectOutcome, ReceiverReply, ReceiverRequest, ReceiverSide } from '../../receivers/types.js';

/*
 * Interim: the generic contracts the handover family binds, written against
 * protocols/receivers/types.ts until the lead's protocols/receivers/
 * (no-receipt, atomic-receipt, ...) land on main. They follow the warehouse's
 * contracts line for line, generic over the payload; this file goes when the
 * shared ones arrive.
 */

function settle(outcome: EffectOutcome): ReceiverReply {
  if ('applied' in outcome) return { status: 'ok', result: outcome.applied, replayed: false };
  return {
    status: 'refused',
    reason: outcome.refused,
    definitive: outcome.definitive,
    ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }),
  };
}

/** Retention, the closed window, then the receipt's answer (replay or rejection), or undefined for a new request. */
function answerFromReceipt(db: Database.Database, side: ReceiverSide, request: ReceiverRequest): ReceiverReply | undefined {
  const { retentionMs, closedWindow } = side.settings;
  if (retentionMs !== null) {
    db.prepare('DELETE FROM receipts WHERE created_at_ms < ?').run(side.nowMs() - retentionMs);
    if (closedWindow && request.issuedAtMs < side.nowMs() - retentionMs) return { status: 'stale' };
  }
  const receipt = db
    .prepare('SELECT fingerprint, result FROM receipts WHERE tenant = ? AND request_key = ?')
    .get(request.tenant, request.key) as { fingerprint: string; result: string } | undefined;
  if (!receipt) return undefined;
  if (receipt.fingerprint !== requestFingerprint(request)) return { status: 'rejected', reason: 'payload-mismatch' };
  return { ...(JSON.parse(receipt.result) as ReceiverReply), replayed: true } as ReceiverReply;
}

/** Every request is applied as new: the receiver cannot tell a resend from a new request. */
export const noReceipt: Contract = {
  name: 'no-receipt',
  summary: 'every request is applied as new',
  async handle(side, request) {
    return side.transaction((db) => settle(side.effect.apply(db, request, side.nowMs())));
  },
};

/** Lookup, effect and receipt in one transaction: a resend with the same key and payload is a replay. */
export const atomicReceipt: Contract = {
  name: 'atomic-receipt',
  summary: 'receipt and effect in one transaction; same key + same payload replays, another payload is rejected',
  async handle(side, request) {
    return side.transaction((db) => {
      const answered = answerFromReceipt(db, side, request);
      if (answered) return answered;
      const reply = settle(side.effect.apply(db, request, side.nowMs()));
      db.prepare('INSERT OR REPLACE INTO receipts (tenant, request_key, fingerprint, result, created_at_ms) VALUES (?, ?, ?, ?, ?)').run(
        request.tenant,
        request.key,
        requestFingerprint(request),
        JSON.stringify(reply),
        side.nowMs(),
      );
      return reply;
    });
  },
};
