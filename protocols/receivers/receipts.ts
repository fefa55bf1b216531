import type Database from 'better-sqlite3';
import { requestFingerprint } from './fingerprint.js';
import type { JsonValue, ReceiverReply, ReceiverRequest, ReceiverSide } from './types.js';

/** The owner a receipt is filed under: the tenant, or one shared scope for a receipt without tenant. */
export type ReceiptScope = 'tenant' | 'global';

function owner(request: ReceiverRequest, scope: ReceiptScope): string {
  return scope === 'tenant' ? request.tenant : '*';
}

/**
 * The checks every receipt contract makes before it may apply anything, in
 * one transaction with whatever follows: receipts past retention are removed,
 * a request outside the closed window is refused as stale, and a request
 * whose key has a receipt gets the stored result (same kind and payload) or
 * is rejected (another payload). Returns the reply, or undefined when the
 * request is new.
 */
export function answerFromReceipt(
  db: Database.Database,
  side: ReceiverSide,
  request: ReceiverRequest,
  scope: ReceiptScope,
): ReceiverReply | undefined {
  const { retentionMs, closedWindow } = side.settings;
  if (retentionMs !== null) {
    db.prepare('DELETE FROM receipts WHERE created_at_ms < ?').run(side.nowMs() - retentionMs);
    if (closedWindow && request.issuedAtMs < side.nowMs() - retentionMs) return { status: 'stale' };
  }
  const receipt = db
    .prepare('SELECT fingerprint, result FROM receipts WHERE tenant = ? AND request_key = ?')
    .get(owner(request, scope), request.key) as { fingerprint: string; result: string } | undefined;
  if (!receipt) return undefined;
  if (receipt.fingerprint !== requestFingerprint(request)) return { status: 'rejected', reason: 'payload-mismatch' };
  return { status: 'ok', result: JSON.parse(receipt.result) as JsonValue, replayed: true };
}

/** Files the receipt for an applied request. A receipt already there (a racing twin) is overwritten. */
export function fileReceipt(
  db: Database.Database,
  side: ReceiverSide,
  request: ReceiverRequest,
  scope: ReceiptScope,
  result: JsonValue,
): void {
  db.prepare(`INSERT OR REPLACE INTO receipts (tenant, request_key, fingerprint, result, created_at_ms) VALUES (?, ?, ?, ?, ?)`).run(
    owner(request, scope),
    request.key,
    requestFingerprint(request),
    JSON.stringify(result),
    side.nowMs(),
  );
}

/** Applies the effect: its result as an `ok` reply, or its refusal (nothing applied, nothing filed). */
export function applyEffect(
  db: Database.Database,
  side: ReceiverSide,
  request: ReceiverRequest,
  onApplied: (result: JsonValue) => void = () => {},
): ReceiverReply {
  const outcome = side.effect.apply(db, request, side.nowMs());
  if ('refused' in outcome) {
    const { refused, definitive, retryAfterMs } = outcome;
    return retryAfterMs === undefined
      ? { status: 'refused', reason: refused, definitive }
      : { status: 'refused', reason: refused, definitive, retryAfterMs };
  }
  onApplied(outcome.applied);
  return { status: 'ok', result: outcome.applied, replayed: false };
}
