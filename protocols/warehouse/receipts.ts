import type Database from 'better-sqlite3';
import type { ReserveReply, ReserveRequest, WarehouseSide } from '../types.js';
import { fingerprint } from './fingerprint.js';

/** The owner a receipt is filed under: the tenant, or one shared scope for a receipt without tenant. */
export type ReceiptScope = 'tenant' | 'global';

function owner(request: ReserveRequest, scope: ReceiptScope): string {
  return scope === 'tenant' ? request.tenant : '*';
}

/**
 * The checks every receipt contract makes before it may apply anything, in
 * one transaction with whatever follows: receipts past retention are removed,
 * a request outside the closed window is refused as stale, and a request
 * whose key has a receipt gets the stored result (same params) or is rejected
 * (other params). Returns the reply, or undefined when the request is new.
 */
export function answerFromReceipt(
  db: Database.Database,
  side: WarehouseSide,
  request: ReserveRequest,
  scope: ReceiptScope,
): ReserveReply | undefined {
  const { retentionMs, closedWindow } = side.settings;
  if (retentionMs !== null) {
    db.prepare('DELETE FROM receipts WHERE created_at_ms < ?').run(side.nowMs() - retentionMs);
    if (closedWindow && request.issuedAtMs < side.nowMs() - retentionMs) return { status: 'stale' };
  }
  const receipt = db
    .prepare('SELECT fingerprint, result FROM receipts WHERE tenant = ? AND request_key = ?')
    .get(owner(request, scope), request.key) as { fingerprint: string; result: string } | undefined;
  if (!receipt) return undefined;
  if (receipt.fingerprint !== fingerprint(request.params)) return { status: 'rejected', reason: 'params-mismatch' };
  const stored = JSON.parse(receipt.result) as { reservationId: number };
  return { status: 'ok', reservationId: stored.reservationId, replayed: true };
}

/** Files the receipt for an applied request. A receipt already there (a racing twin) is overwritten. */
export function fileReceipt(
  db: Database.Database,
  side: WarehouseSide,
  request: ReserveRequest,
  scope: ReceiptScope,
  reservationId: number,
): void {
  db.prepare(`INSERT OR REPLACE INTO receipts (tenant, request_key, fingerprint, result, created_at_ms) VALUES (?, ?, ?, ?, ?)`).run(
    owner(request, scope),
    request.key,
    fingerprint(request.params),
    JSON.stringify({ reservationId }),
    side.nowMs(),
  );
}
