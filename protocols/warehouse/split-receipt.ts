import type { WarehouseContract } from '../types.js';
import { applyReservation } from './apply-reservation.js';
import { answerFromReceipt, fileReceipt } from './receipts.js';

/**
 * The flaw: the receipt is committed first, the effect in a second
 * transaction. A crash between them leaves a receipt for an effect that never
 * happened; the retry finds the receipt and replays it, so the effect is lost
 * (N=0), while the caller is told it succeeded.
 */
export const receiptThenEffect: WarehouseContract = {
  name: 'receipt-then-effect',
  summary: 'receipt in one transaction, the effect in a second',
  async reserve(side, request) {
    const answered = await side.transaction((db) => {
      const stored = answerFromReceipt(db, side, request, 'tenant');
      if (!stored) fileReceipt(db, side, request, 'tenant', 0);
      return stored;
    });
    if (answered) return answered;
    return side.transaction((db) => {
      const reservationId = applyReservation(db, request, side.nowMs());
      fileReceipt(db, side, request, 'tenant', reservationId);
      return { status: 'ok', reservationId, replayed: false } as const;
    });
  },
};

/**
 * The flaw: the effect is committed first, the receipt in a second
 * transaction. A crash between them leaves an effect without a receipt; the
 * retry looks new and applies again (N=2).
 */
export const effectThenReceipt: WarehouseContract = {
  name: 'effect-then-receipt',
  summary: 'the effect in one transaction, its receipt in a second',
  async reserve(side, request) {
    const answered = await side.transaction((db) => answerFromReceipt(db, side, request, 'tenant'));
    if (answered) return answered;
    const reservationId = await side.transaction((db) => applyReservation(db, request, side.nowMs()));
    await side.transaction((db) => fileReceipt(db, side, request, 'tenant', reservationId));
    return { status: 'ok', reservationId, replayed: false };
  },
};
