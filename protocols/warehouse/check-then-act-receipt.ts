import type { WarehouseContract } from '../types.js';
import { applyReservation } from './apply-reservation.js';
import { answerFromReceipt, fileReceipt } from './receipts.js';

/**
 * The flaw: the receipt lookup and the effect are two transactions. Two
 * concurrent requests with the same key can both find no receipt, then both
 * apply (N=2). Sequential retries are still deduplicated, which is why this
 * bug survives every single-worker test.
 */
export const checkThenActReceipt: WarehouseContract = {
  name: 'check-then-act-receipt',
  summary: 'receipt lookup in one transaction, effect and receipt in a second',
  async reserve(side, request) {
    const answered = await side.transaction((db) => answerFromReceipt(db, side, request, 'tenant'));
    if (answered) return answered;
    await side.cut('receipt-checked');
    return side.transaction((db) => {
      const reservationId = applyReservation(db, request, side.nowMs());
      fileReceipt(db, side, request, 'tenant', reservationId);
      return { status: 'ok', reservationId, replayed: false } as const;
    });
  },
};
