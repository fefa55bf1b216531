import { answerFromReceipt, applyEffect, fileReceipt, type ReceiptScope } from './receipts.js';
import type { Contract } from './types.js';

/**
 * A receipt contract whose lookup, effect and receipt commit in one
 * transaction: no other request can pass the lookup in between.
 */
function atomicContract(name: string, summary: string, scope: ReceiptScope): Contract {
  return {
    name,
    summary,
    async handle(side, request) {
      return side.transaction((db) => {
        const answered = answerFromReceipt(db, side, request, scope);
        if (answered) return answered;
        return applyEffect(db, side, request, (result) => fileReceipt(db, side, request, scope, result));
      });
    },
  };
}

/**
 * The receipt (tenant, key, payload fingerprint, result) is committed in the
 * same transaction as the effect. A retry with the same key and payload gets
 * the stored result and no new effect; the same key with another payload is
 * rejected, also without an effect. Honours retention and the closed window.
 */
export const atomicReceipt = atomicContract(
  'atomic-receipt',
  'receipt and effect in one transaction; same key + same payload replays, another payload is rejected',
  'tenant',
);

/**
 * The flaw: the receipt's identity leaves out the tenant. A second tenant
 * that happens to use the same key gets the first tenant's stored result: its
 * own effect never happens (N=0), and it learns another tenant's result.
 */
export const tenantlessReceipt = atomicContract('tenantless-receipt', 'atomic receipt keyed by key alone, without the tenant', 'global');
