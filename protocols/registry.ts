import { checkThenAct } from './check-then-act.js';
import { keyRegeneratedOnResume } from './key-regenerated-on-resume.js';
import { markFirst } from './mark-first.js';
import { outboxDedup } from './outbox-dedup.js';
import { outboxNoDedup } from './outbox-no-dedup.js';
import { tenantLessReceipt } from './tenant-less-receipt.js';
import type { Protocol } from './types.js';

/** The three protocols of the reference table, in its order: what `sim table` runs by default. */
export const SEED_PROTOCOLS: readonly Protocol[] = [markFirst, outboxNoDedup, outboxDedup];

/** Known-flawed variants: each exists to prove the harness finds its bug. */
export const FLAWED_PROTOCOLS: readonly Protocol[] = [checkThenAct, keyRegeneratedOnResume, tenantLessReceipt];

export const PROTOCOLS: readonly Protocol[] = [...SEED_PROTOCOLS, ...FLAWED_PROTOCOLS];

export function protocolNames(): string[] {
  return PROTOCOLS.map((protocol) => protocol.name);
}

export function findProtocol(name: string): Protocol | undefined {
  return PROTOCOLS.find((protocol) => protocol.name === name);
}
