import { answerFromReceipt, applyEffect, fileReceipt } from './receipts.js';
import type { Contract } from './types.js';

/**
 * The flaw: the receipt is committed first (with no result yet), the effect
 * in a second transaction. A crash between them leaves a receipt for an
 * effect that never happened; the retry finds the receipt and replays it, so
 * the effect is lost (N=0), while the caller is told it succeeded.
 */
export const receiptThenEffect: Contract = {
  name: 'receipt-then-effect',
  summary: 'receipt in one transaction, the effect in a second',
  async handle(side, request) {
    const answered = await side.transaction((db) => {
      const stored = answerFromReceipt(db, side, request, 'tenant');
      if (!stored) fileReceipt(db, side, request, 'tenant', null);
      return stored;
    });
    if (answered) return answered;
    return side.transaction((db) => applyEffect(db, side, request, (result) => fileReceipt(db, side, request, 'tenant', result)));
  },
};

/**
 * The flaw: the effect is committed first, the receipt in a second
 * transaction. A crash between them leaves an effect without a receipt; the
 * retry looks new and applies again (N=2).
 */
export const effectThenReceipt: Contract = {
  name: 'effect-then-receipt',
  summary: 'the effect in one transaction, its receipt in a second',
  async handle(side, request) {
    const answered = await side.transaction((db) => answerFromReceipt(db, side, request, 'tenant'));
    if (answered) return answered;
    const reply = await side.transaction((db) => applyEffect(db, side, request));
    if (reply.status === 'ok') await side.transaction((db) => fileReceipt(db, side, request, 'tenant', reply.result));
    return reply;
  },
};
