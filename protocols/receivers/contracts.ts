import { asyncAccept } from './async-accept.js';
import { atomicReceipt, tenantlessReceipt } from './atomic-receipt.js';
import { checkThenActReceipt } from './check-then-act-receipt.js';
import { noReceipt } from './no-receipt.js';
import { sideStoreLease } from './side-store-lease.js';
import { effectThenReceipt, receiptThenEffect } from './split-receipt.js';
import type { Contract } from './types.js';

/** Every receiver contract, generic over the effect: the same list serves every family and every transport. */
export const CONTRACTS: readonly Contract[] = [
  noReceipt,
  atomicReceipt,
  tenantlessReceipt,
  checkThenActReceipt,
  receiptThenEffect,
  effectThenReceipt,
  sideStoreLease,
  asyncAccept,
];

export function findContract(name: string): Contract | undefined {
  return CONTRACTS.find((contract) => contract.name === name);
}
