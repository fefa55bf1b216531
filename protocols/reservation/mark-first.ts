import { LOCAL_SCHEMA } from './local-schema.js';
import { noReceipt } from '../receivers/no-receipt.js';
import { intentionId, type Protocol } from './types.js';

/**
 * mark-first: commit `done` locally, then call the warehouse.
 *
 * The flaw: the local mark is not the remote effect. A crash after the mark
 * and before the send leaves an intention recovery believes delivered, so it
 * is never sent (N=0 at intent-recorded).
 */
export const markFirst: Protocol = {
  name: 'mark-first',
  summary: 'commits done locally, then sends; no outbox, no receipt',
  contract: noReceipt,
  localSchema: LOCAL_SCHEMA,

  async submit(ctx, intention) {
    await ctx.cut('before-intent');
    const firstTime = await ctx.orchestrator.transaction((db) => {
      const known = db
        .prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ? AND part = ? AND qty = ?')
        .get(intention.tenant, intention.key, intention.params.part, intention.params.qty);
      if (known) return false;
      db.prepare(
        `INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms)
         VALUES (?, ?, ?, ?, 'done', ?)`,
      ).run(intention.tenant, intention.key, intention.params.part, intention.params.qty, ctx.nowMs());
      return true;
    });
    await ctx.cut('intent-recorded');
    // A re-presented intention is already marked done: mark-first never resends it.
    if (!firstTime) return;

    const reply = await ctx.warehouse.reserve({
      tenant: intention.tenant,
      key: intention.key,
      params: intention.params,
      issuedAtMs: ctx.nowMs(),
      intentionId: intentionId(intention),
    });
    await ctx.cut('response-observed');
    await ctx.orchestrator.transaction((db) => {
      db.prepare('UPDATE intentions SET result = ? WHERE tenant = ? AND key = ? AND part = ? AND qty = ?').run(
        JSON.stringify(reply),
        intention.tenant,
        intention.key,
        intention.params.part,
        intention.params.qty,
      );
    });
    await ctx.cut('confirmed');
  },

  // Nothing is ever pending: the caller did all the work.
  async relay() {},
};
