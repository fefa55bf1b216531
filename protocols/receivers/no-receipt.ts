import { applyEffect } from './receipts.js';
import type { Contract } from './types.js';

/** Applies every request as new: the receiver cannot tell a retry from a fresh request. */
export const noReceipt: Contract = {
  name: 'no-receipt',
  summary: 'every request is applied as a new effect',
  async handle(side, request) {
    return side.transaction((db) => applyEffect(db, side, request));
  },
};
