import { markFirst } from './mark-first.js';
import { outboxDedup } from './outbox-dedup.js';
import { outboxNoDedup } from './outbox-no-dedup.js';
import type { Protocol } from './types.js';

/** The built-in protocols, in the order of the reference table. */
export const PROTOCOLS: readonly Protocol[] = [markFirst, outboxNoDedup, outboxDedup];

export function protocolNames(): string[] {
  return PROTOCOLS.map((protocol) => protocol.name);
}

export function findProtocol(name: string): Protocol | undefined {
  return PROTOCOLS.find((protocol) => protocol.name === name);
}
