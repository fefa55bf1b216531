import type { WarehouseContract } from '../types.js';
import { applyReservation } from './apply-reservation.js';
import { fingerprint } from './fingerprint.js';

/**
 * The receipt (tenant, key, params fingerprint, result) is committed in the
 * same transaction as the effect. A retry with the same key and params gets
 * the stored result and no new effect; the same key with other params is
 * rejected, also without an effect.
 */
export const atomicReceipt: WarehouseContract = {
  name: 'atomic-receipt',
  summary: 'receipt and effect in one transaction; same key + same params replays, other params are rejected',
  async reserve(side, request) {
    return side.transaction((db) => {
      const receipt = db
        .prepare('SELECT fingerprint, result FROM receipts WHERE tenant = ? AND request_key = ?')
        .get(request.tenant, request.key) as { fingerprint: string; result: string } | undefined;
      if (receipt) {
        if (receipt.fingerprint !== fingerprint(request.params)) {
          return { status: 'rejected', reason: 'params-mismatch' } as const;
        }
        const stored = JSON.parse(receipt.result) as { reservationId: number };
        return { status: 'ok', reservationId: stored.reservationId, replayed: true } as const;
      }
      const reservationId = applyReservation(db, request, side.nowMs());
      db.prepare(
        `INSERT INTO receipts (tenant, request_key, fingerprint, result, created_at_ms)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(request.tenant, request.key, fingerprint(request.params), JSON.stringify({ reservationId }), side.nowMs());
      return { status: 'ok', reservationId, replayed: false } as const;
    });
  },
};
