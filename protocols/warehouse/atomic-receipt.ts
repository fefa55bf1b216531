import type { WarehouseContract } from '../types.js';
import { applyReservation } from './apply-reservation.js';
import { answerFromReceipt, fileReceipt, type ReceiptScope } from './receipts.js';

/**
 * A receipt contract whose lookup, effect and receipt commit in one
 * transaction: no other request can pass the lookup in between.
 */
function atomicContract(name: string, summary: string, scope: ReceiptScope): WarehouseContract {
  return {
    name,
    summary,
    async reserve(side, request) {
      return side.transaction((db) => {
        const answered = answerFromReceipt(db, side, request, scope);
        if (answered) return answered;
        const reservationId = applyReservation(db, request, side.nowMs());
        fileReceipt(db, side, request, scope, reservationId);
        return { status: 'ok', reservationId, replayed: false } as const;
      });
    },
  };
}

/**
 * The receipt (tenant, key, params fingerprint, result) is committed in the
 * same transaction as the effect. A retry with the same key and params gets
 * the stored result and no new effect; the same key with other params is
 * rejected, also without an effect. Honours retention and the closed window.
 */
export const atomicReceipt = atomicContract(
  'atomic-receipt',
  'receipt and effect in one transaction; same key + same params replays, other params are rejected',
  'tenant',
);

/**
 * The flaw: the receipt's identity leaves out the tenant. A second tenant
 * that happens to use the same key gets the first tenant's stored result: its
 * own reservation never happens (N=0), and it learns another tenant's result.
 */
export const tenantlessReceipt = atomicContract('tenantless-receipt', 'atomic receipt keyed by key alone, without the tenant', 'global');
