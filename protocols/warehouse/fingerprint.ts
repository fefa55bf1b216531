import { createHash } from 'node:crypto';
import type { ReservationParams } from '../types.js';

/** A stable digest of the params: equal params, equal fingerprint, whatever the key order. */
export function fingerprint(params: ReservationParams): string {
  const canonical = JSON.stringify({ part: params.part, qty: params.qty });
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}
