import { applyEffect } from './receipts.js';
import type { Contract, JsonValue } from './types.js';

/** How long the side store's lease on a key holds, in virtual ms. */
export const SIDE_LEASE_MS = 1_000;

/**
 * The flaw: deduplication by a lease and a done-marker in a side store next
 * to the effect, each in its own transaction, instead of a receipt committed
 * with the effect. A request whose lease expires mid-call (the caller is slow,
 * another worker takes the lease) or that crashes between the effect and the
 * done-marker is applied again (N=2).
 */
export const sideStoreLease: Contract = {
  name: 'side-store-lease',
  summary: 'dedup by a lease and a done-marker in a side store, apart from the effect',
  async handle(side, request) {
    const now = side.nowMs();
    const gate = await side.transaction((db) => {
      const entry = db
        .prepare('SELECT state, until_ms AS untilMs, result FROM side_leases WHERE tenant = ? AND request_key = ?')
        .get(request.tenant, request.key) as { state: string; untilMs: number; result: string | null } | undefined;
      if (entry?.state === 'done') return { done: JSON.parse(entry.result ?? 'null') as JsonValue };
      if (entry && entry.untilMs > now) return { busy: true };
      db.prepare(`INSERT OR REPLACE INTO side_leases (tenant, request_key, state, until_ms) VALUES (?, ?, 'leased', ?)`).run(
        request.tenant,
        request.key,
        now + SIDE_LEASE_MS,
      );
      return {};
    });
    if ('done' in gate) return { status: 'ok', result: gate.done ?? null, replayed: true };
    // Another request holds the lease: nothing was applied, the caller should retry later.
    if ('busy' in gate) return { status: 'unavailable' };
    const reply = await side.transaction((db) => applyEffect(db, side, request));
    if (reply.status !== 'ok') return reply;
    await side.transaction((db) => {
      db.prepare(`UPDATE side_leases SET state = 'done', result = ? WHERE tenant = ? AND request_key = ?`).run(
        JSON.stringify(reply.result),
        request.tenant,
        request.key,
      );
    });
    return reply;
  },
};
