import type { JsonValue } from '../../../protocols/receivers/types.js';
import type { ServingParts } from '../../engine/serving.js';

/** The warehouse as a server serves it: POST /reserve, a reservation's payload, reservations counted per key and tenant. */
export const WAREHOUSE_SERVING: ServingParts = {
  kind: 'reserve',
  payloadProblem(payload) {
    const fields = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
    const { part, qty } = fields as { part?: JsonValue; qty?: JsonValue };
    const valid = typeof part === 'string' && part !== '' && typeof qty === 'number' && Number.isSafeInteger(qty) && qty >= 1;
    return valid ? undefined : 'a reservation is {"part": a non-empty string, "qty": a whole number from 1}';
  },
  countEffects(db, key, tenant) {
    const row =
      tenant === undefined
        ? db.prepare('SELECT count(*) AS n FROM reservations WHERE request_key = ?').get(key)
        : db.prepare('SELECT count(*) AS n FROM reservations WHERE tenant = ? AND request_key = ?').get(tenant, key);
    return (row as { n: number }).n;
  },
  tenantsOf(db, key) {
    const rows = db.prepare('SELECT DISTINCT tenant FROM reservations WHERE request_key = ? ORDER BY tenant').all(key);
    return (rows as { tenant: string }[]).map((row) => row.tenant);
  },
};
