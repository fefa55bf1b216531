import type { EffectOutcome, ReceiverRequest } from '../receivers/types.js';
import type { ReservationParams } from './types.js';

/** A part the warehouse has never carried: asking for it again can never succeed. */
export const UNKNOWN_PART = 'no-such-part';
/** A tenant the warehouse does not serve: refused for good, whatever it asks. */
export const BLOCKED_TENANT = 'tenantBlocked';
/** A part out of stock until RESTOCK_AT_MS (virtual): refused for now, and worth asking again later. */
export const BACKORDERED_PART = 'backordered';
export const RESTOCK_AT_MS = 3_000;
/** What the warehouse tells a sender to wait before asking for a backordered part again. */
export const RESTOCK_RETRY_AFTER_MS = 1_000;

/**
 * The warehouse's own refusals, before any effect: definitive ones (unknown
 * part, tenant not allowed) and a transient one (out of stock until a virtual
 * restock time). Every other request is left to apply. Only these names
 * refuse, so workloads that never use them see the warehouse as before.
 */
export function warehouseRefusal(request: ReceiverRequest, nowMs: number): EffectOutcome | undefined {
  const params = request.payload as unknown as ReservationParams;
  if (request.tenant === BLOCKED_TENANT) return { refused: 'tenant-not-allowed', definitive: true };
  if (params.part === UNKNOWN_PART) return { refused: 'unknown-part', definitive: true };
  if (params.part === BACKORDERED_PART && nowMs < RESTOCK_AT_MS)
    return { refused: 'out-of-stock', definitive: false, retryAfterMs: RESTOCK_RETRY_AFTER_MS };
  return undefined;
}
