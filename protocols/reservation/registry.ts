import { asyncAccept, asyncAcceptReconciled } from './async-accept.js';
import { checkThenAct } from './check-then-act.js';
import { effectThenReceipt } from './effect-then-receipt.js';
import { leaseSideStore } from './lease-side-store.js';
import { outboxDeleteAfterPublish } from './outbox-delete-after-publish.js';
import { receiptThenEffect } from './receipt-then-effect.js';
import { retryDefinitiveRefusals } from './retry-definitive-refusals.js';
import { lastWriterWins } from './last-writer-wins.js';
import { partialIsDone } from './partial-is-done.js';
import { resendWholeNewKey } from './resend-whole-new-key.js';
import { keyRegeneratedOnResume } from './key-regenerated-on-resume.js';
import { markFirst } from './mark-first.js';
import { outboxDedup } from './outbox-dedup.js';
import { outboxNoDedup } from './outbox-no-dedup.js';
import { tenantLessReceipt } from './tenant-less-receipt.js';
import type { Protocol } from './types.js';

/** The three protocols of the reference table, in its order: what `sim table` runs by default. */
export const SEED_PROTOCOLS: readonly Protocol[] = [markFirst, outboxNoDedup, outboxDedup];

/** The catalogue of known-flawed variants: each exists to prove the harness finds its bug. */
export const FLAWED_PROTOCOLS: readonly Protocol[] = [
  receiptThenEffect,
  effectThenReceipt,
  checkThenAct,
  keyRegeneratedOnResume,
  tenantLessReceipt,
  outboxDeleteAfterPublish,
  leaseSideStore,
  asyncAccept,
  retryDefinitiveRefusals,
  lastWriterWins,
  resendWholeNewKey,
  partialIsDone,
];

/** Repaired variants shown beside the catalogue: the same situation, done right. */
export const REPAIRED_PROTOCOLS: readonly Protocol[] = [asyncAcceptReconciled];

export const PROTOCOLS: readonly Protocol[] = [...SEED_PROTOCOLS, ...FLAWED_PROTOCOLS, ...REPAIRED_PROTOCOLS];

/** Protocols loaded from users' files during this process, findable by name like the built-ins. */
const loaded: Protocol[] = [];
const loadedFrom = new Map<string, string>();

/** Registers a protocol loaded from a user's module, and the module's path: each life of a trial imports it afresh. */
export function registerProtocol(protocol: Protocol, file?: string): void {
  if (!findProtocol(protocol.name)) loaded.push(protocol);
  if (file !== undefined) loadedFrom.set(protocol.name, file);
}

/** The module a registered protocol was loaded from, if it was. */
export function protocolFile(name: string): string | undefined {
  return loadedFrom.get(name);
}

export function protocolNames(): string[] {
  return PROTOCOLS.map((protocol) => protocol.name);
}

export function findProtocol(name: string): Protocol | undefined {
  return PROTOCOLS.find((protocol) => protocol.name === name) ?? loaded.find((protocol) => protocol.name === name);
}
