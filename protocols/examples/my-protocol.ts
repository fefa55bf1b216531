/**
 * A protocol of your own, ready to copy: run it with
 *
 *   npx sim table --protocol protocols/examples/my-protocol.ts
 *   npx sim table --protocol protocols/examples/my-protocol.ts --cuts all
 *   npx sim check --protocol protocols/examples/my-protocol.ts
 *
 * The module exports one object (as `default`, or as `protocol`). cutpoint
 * gives it fresh SQLite stores for every case, crashes it at each boundary,
 * recovers with new connections, and counts the reservations it caused.
 *
 * This one is an outbox whose relay confirms in two local transactions (the
 * intention first, then the outbox row). `--cuts all` finds the gap between
 * them; against a warehouse with atomic receipts the resend it causes is a
 * replay (N=1). Change `contract` to 'no-receipt' and the same gap shows N=2.
 */
import type { ProtocolModule } from '../reservation/module-shape.js';

const protocol: ProtocolModule = {
  name: 'my-split-confirm',
  summary: 'outbox whose relay marks the intention done and the outbox row sent in two transactions',
  // A built-in warehouse contract by name ('no-receipt', 'atomic-receipt', ...: `sim list`), or an object with name, summary, handle(side, request).
  contract: 'atomic-receipt',
  // No localSchema: the built-in tables `intentions` and `outbox` (protocols/reservation/local-schema.ts) are created for you.

  // The caller presents an intention; after a crash it presents the same one again (same tenant, key, params).
  async submit(ctx, intention) {
    await ctx.cut('before-intent');
    await ctx.orchestrator.transaction((db) => {
      const known = db
        .prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ? AND part = ? AND qty = ?')
        .get(intention.tenant, intention.key, intention.params.part, intention.params.qty);
      if (known) return;
      const { lastInsertRowid } = db
        .prepare(`INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms) VALUES (?, ?, ?, ?, 'pending', ?)`)
        .run(intention.tenant, intention.key, intention.params.part, intention.params.qty, ctx.nowMs());
      db.prepare(`INSERT INTO outbox (intention_id, status, request_key) VALUES (?, 'pending', ?)`).run(lastInsertRowid, intention.key);
    });
    await ctx.cut('intent-recorded');
  },

  // The relay delivers pending rows. Return nothing when no work is left, or { waitUntilMs } to be called again later.
  async relay(ctx) {
    for (;;) {
      const row = await ctx.orchestrator.transaction(
        (db) =>
          db
            .prepare(
              `SELECT o.id, o.intention_id AS intentionId, i.tenant, i.key, i.part, i.qty, i.issued_at_ms AS issuedAtMs
               FROM outbox o JOIN intentions i ON i.id = o.intention_id WHERE o.status = 'pending' ORDER BY o.id LIMIT 1`,
            )
            .get() as
            { id: number; intentionId: number; tenant: string; key: string; part: string; qty: number; issuedAtMs: number } | undefined,
      );
      if (!row) return;

      // The transport reaches the cut `effect-applied` after the warehouse commits, before this line sees the reply.
      const reply = await ctx.warehouse.reserve({
        tenant: row.tenant,
        key: row.key,
        params: { part: row.part, qty: row.qty },
        issuedAtMs: row.issuedAtMs,
        intentionId: `${row.tenant}:${row.key}`, // the oracle tag cutpoint counts effects by
      });
      await ctx.cut('response-observed');
      // No settling answer (warehouse unavailable, reply lost): keep the row pending and come back in a second.
      if (reply.status === 'unavailable' || reply.status === 'no-reply') return { waitUntilMs: ctx.nowMs() + 1_000 };
      // A refusal that may succeed later (out of stock): keep the row pending and ask again after the warehouse's retry-after.
      if (reply.status === 'refused' && !reply.definitive) return { waitUntilMs: ctx.nowMs() + (reply.retryAfterMs ?? 1_000) };

      const status = reply.status === 'ok' ? 'done' : reply.status === 'stale' ? 'reconcile' : 'failed';
      await ctx.orchestrator.transaction((db) => {
        // A refusal is recorded as { refused: reason }, the form the properties read, like the built-in outbox's.
        const result = reply.status === 'refused' ? { refused: reply.reason } : reply;
        db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE id = ?`).run(status, JSON.stringify(result), row.intentionId);
      });
      // The gap: a crash here leaves the intention done but its outbox row pending, so recovery sends it again.
      await ctx.orchestrator.transaction((db) => {
        db.prepare(`UPDATE outbox SET status = 'sent' WHERE id = ?`).run(row.id);
      });
      await ctx.cut('confirmed');
    }
  },
};

export default protocol;
