import { assertNever } from '../assert-never.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { intentionId, retryDelayMs, type Protocol, type ReserveReply, type ReserveRequest } from './types.js';
import { CORRECT_SEAMS, type ClaimedRow, type OutboxDefinition, type OutboxSeams, type Refusal, type Settlement } from './outbox-seams.js';

/**
 * Seed 004's transactional outbox: record, send, confirm. The intention and a
 * pending outbox row commit in one local transaction; a relay claims the row,
 * sends it with the intention's key, and confirms it in one local transaction
 * after the reply. Nothing is lost, but a row whose effect happened and whose
 * confirmation did not is sent again after a crash: whether that resend is a
 * duplicate or a replay is decided by the warehouse contract, not the sender.
 *
 * Extensions compose onto these steps (outbox-updates.ts: updates to one
 * object in the caller's order; outbox-lines.ts: requests of several lines).
 */
export function outboxProtocol(definition: OutboxDefinition): Protocol {
  const { seams: changed, extensions = [], ...identity } = definition;
  let seams: OutboxSeams = { ...CORRECT_SEAMS, ...changed };
  for (const extension of extensions) seams = extension.refine?.(seams) ?? seams;
  return {
    ...identity,
    localSchema: LOCAL_SCHEMA,

    async submit(ctx, intention) {
      await ctx.cut('before-intent');
      // Record: the intention and its pending outbox row, in one local transaction.
      await ctx.orchestrator.transaction((db) => {
        const known = db
          .prepare('SELECT id FROM intentions WHERE tenant = ? AND key = ? AND part = ? AND qty = ?')
          .get(intention.tenant, intention.key, intention.params.part, intention.params.qty);
        // A re-presented intention keeps its first record: same key, same outbox row.
        if (known) return;
        const { lastInsertRowid } = db
          .prepare(`INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms) VALUES (?, ?, ?, ?, 'pending', ?)`)
          .run(intention.tenant, intention.key, intention.params.part, intention.params.qty, ctx.nowMs());
        db.prepare(`INSERT INTO outbox (intention_id, status, request_key, key_life) VALUES (?, 'pending', ?, ?)`).run(
          lastInsertRowid,
          intention.key,
          ctx.life,
        );
        for (const extension of extensions) extension.record(db, intention, Number(lastInsertRowid));
      });
      await ctx.cut('intent-recorded');
    },

    async relay(ctx) {
      for (;;) {
        // Claim the oldest due row with a lease, so other workers leave it alone until the lease ends.
        const now = ctx.nowMs();
        const claim = await ctx.orchestrator.transaction((db) => {
          const due = db
            .prepare(
              `SELECT o.id, o.intention_id AS intentionId, i.tenant, i.key, o.request_key AS requestKey,
                      o.key_life AS keyLife, i.part, i.qty, i.issued_at_ms AS issuedAtMs, o.attempts
               FROM outbox o JOIN intentions i ON i.id = o.intention_id
               WHERE o.status = 'pending' AND o.next_attempt_ms <= ?
                 AND (o.lease_until_ms IS NULL OR o.lease_until_ms <= ?)
               ORDER BY o.id LIMIT 1`,
            )
            .get(now, now) as ClaimedRow | undefined;
          if (!due) {
            // Nothing to claim now: say when the earliest pending row can be claimed again, if one is left.
            const next = db
              .prepare(`SELECT min(max(next_attempt_ms, coalesce(lease_until_ms, 0))) AS dueMs FROM outbox WHERE status = 'pending'`)
              .get() as { dueMs: number | null };
            return { nextDueMs: next.dueMs };
          }
          due.requestKey = seams.requestKey(db, due, ctx.life);
          db.prepare('UPDATE outbox SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = ?').run(
            ctx.worker,
            now + ctx.settings.leaseMs,
            due.id,
          );
          const row = { ...due, attempts: due.attempts + 1 };
          // The request: the intention's part and quantity under its key, and what an extension recorded with it.
          let request: ReserveRequest = {
            tenant: row.tenant,
            key: row.requestKey,
            params: { part: row.part, qty: row.qty },
            issuedAtMs: row.issuedAtMs,
            intentionId: intentionId(row),
          };
          for (const extension of extensions) request = extension.request?.(db, row, request) ?? request;
          return { row, request, deliverer: extensions.find((extension) => extension.delivers?.(db, row)) };
        });
        const { row, request, deliverer } = claim;
        if (!row) return typeof claim.nextDueMs === 'number' ? { waitUntilMs: claim.nextDueMs } : undefined;
        // A row of an extension's own kind (a request of several lines) goes out the extension's way.
        if (deliverer?.deliver) {
          await deliverer.deliver(ctx, row, seams);
          continue;
        }

        // Send, with the intention's key: every attempt, in every life, asks for the same effect.
        const reply = await ctx.warehouse.reserve(request);
        await ctx.cut('response-observed');

        const settlement =
          reply.status === 'accepted'
            ? seams.onAccepted()
            : reply.status === 'refused'
              ? seams.onRefused(reply, row, ctx.settings)
              : settle(reply);
        if (!settlement) {
          // No settling answer: release the row and try again, same key, after the retry delay,
          // or after the warehouse's own retry-after when it asked for a longer wait (back-off it decides).
          const retryAfterMs = reply.status === 'refused' ? (reply.retryAfterMs ?? 0) : 0;
          await ctx.orchestrator.transaction((db) => {
            db.prepare('UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL, next_attempt_ms = ? WHERE id = ?').run(
              ctx.nowMs() + Math.max(retryDelayMs(ctx.settings, row.attempts), retryAfterMs),
              row.id,
            );
          });
          continue;
        }
        // Confirm: the intention settled and its row retired in one local transaction. A settlement fenced
        // out by the lease writes nothing: the row is another relay's now, or due again.
        if (await seams.confirm(ctx, row, settlement)) await ctx.cut('confirmed');
      }
    },
  };
}

/** The local ending a reply settles, or undefined when it settles nothing yet (ask again later, same key). */
function settle(reply: Exclude<ReserveReply, Refusal | { status: 'accepted' }>): Settlement | undefined {
  switch (reply.status) {
    case 'ok':
      return { status: 'done', result: JSON.stringify({ reservationId: reply.reservationId, replayed: reply.replayed }) };
    case 'rejected':
      return { status: 'failed', result: JSON.stringify({ rejected: reply.reason }) };
    case 'stale':
      // Refused by the closed window: an older attempt may or may not have taken effect, so it must be settled by a lookup.
      return { status: 'reconcile', result: JSON.stringify({ refused: 'stale' }) };
    case 'unavailable':
    case 'no-reply':
      return undefined;
    default:
      return assertNever(reply, 'warehouse reply');
  }
}
