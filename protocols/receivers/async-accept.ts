import type { Contract, JsonValue } from './types.js';

/**
 * An asynchronous receiver: it accepts a request (one transaction) and
 * completes it afterwards (a second one), answering only "accepted". The
 * first completion of every operation fails, as a transient backend failure
 * would. Asking again with the same key moves the operation on: a failed one
 * is resubmitted, one still accepted gets its (next) completion attempt, and
 * a completed one is answered with its result. So the caller learns the
 * outcome only by asking again by key.
 */
export const asyncAccept: Contract = {
  name: 'async-accept',
  summary: 'accepts now, completes later (the first completion fails); asking again by key moves it on and reports it',
  async handle(side, request) {
    const completed = await side.transaction((db) => {
      const operation = db
        .prepare('SELECT state, result FROM operations WHERE tenant = ? AND request_key = ?')
        .get(request.tenant, request.key) as { state: string; result: string | null } | undefined;
      if (operation?.state === 'completed')
        return { status: 'ok', result: JSON.parse(operation.result ?? 'null') as JsonValue, replayed: true } as const;
      if (operation?.state !== 'accepted') {
        // New, or failed before: accept it (again).
        db.prepare(
          `INSERT INTO operations (tenant, request_key, state) VALUES (?, ?, 'accepted')
           ON CONFLICT (tenant, request_key) DO UPDATE SET state = 'accepted'`,
        ).run(request.tenant, request.key);
      }
      return undefined;
    });
    if (completed) return completed;
    // The completion, later than the acceptance: the caller is told only that the request was accepted.
    await side.transaction((db) => {
      const { state, completions } = db
        .prepare('SELECT state, completions FROM operations WHERE tenant = ? AND request_key = ?')
        .get(request.tenant, request.key) as { state: string; completions: number };
      // Only an operation still waiting is completed: a concurrent request may have completed it already.
      if (state !== 'accepted') return;
      if (completions === 0) {
        db.prepare(`UPDATE operations SET state = 'failed', completions = 1 WHERE tenant = ? AND request_key = ?`).run(
          request.tenant,
          request.key,
        );
        return;
      }
      const outcome = side.effect.apply(db, request, side.nowMs());
      const [next, result] = 'refused' in outcome ? ['failed', null] : ['completed', JSON.stringify(outcome.applied)];
      db.prepare(`UPDATE operations SET state = ?, completions = completions + 1, result = ? WHERE tenant = ? AND request_key = ?`).run(
        next,
        result,
        request.tenant,
        request.key,
      );
    });
    return { status: 'accepted' };
  },
};
