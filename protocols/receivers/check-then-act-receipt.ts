import { answerFromReceipt, applyEffect, fileReceipt } from './receipts.js';
import type { Contract } from './types.js';

/**
 * The flaw: the receipt lookup and the effect are two transactions. Two
 * concurrent requests with the same key can both find no receipt, then both
 * apply (N=2). Sequential retries are still deduplicated, which is why this
 * bug survives every single-worker test.
 */
export const checkThenActReceipt: Contract = {
  name: 'check-then-act-receipt',
  summary: 'receipt lookup in one transaction, effect and receipt in a second',
  async handle(side, request) {
    const answered = await side.transaction((db) => answerFromReceipt(db, side, request, 'tenant'));
    if (answered) return answered;
    await side.cut('receipt-checked');
    return side.transaction((db) => applyEffect(db, side, request, (result) => fileReceipt(db, side, request, 'tenant', result)));
  },
};
