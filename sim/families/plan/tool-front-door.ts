import type { Contract, ReceiverReply, ReceiverRequest } from '../../../protocols/receivers/types.js';
import { RATE_LIMITED } from '../../transport/http/wire.js';
import { readEnvelope, type TimedOutput } from './tool-call-envelope.js';
import { fullBucket, takeToken, type BucketState } from './token-bucket.js';
import { readToolBehaviour } from './tool-server.js';

/**
 * The tool server's front door, as a contract around the tool's own: every
 * call is logged (tool, arguments, caller, duration, outcome) before the
 * tool sees it; the rate limiter answers 429 with a Retry-After from its
 * token bucket and remembers the window it announced; a call the tool runs
 * takes the time the case's behaviour gives it (a slow tool), and one that
 * outlasts the caller's deadline is logged as timed out (the tool may still
 * have done its work). Because it is a contract, it runs wherever the
 * receiver runs (in-process, behind HTTP, behind MCP), on the receiver's own
 * file and transactions: a crash of the agent's process cannot forget it.
 * The inner contract (atomic receipt for the keyed tool, no receipt for the
 * tool without key) sees only the tool's arguments.
 */
export function toolFrontDoor(tool: Contract): Contract {
  return {
    name: tool.name,
    summary: `${tool.summary}; behind the tool server's front door (call log, token bucket, slow tools)`,
    async handle(side, request): Promise<ReceiverReply> {
      const envelope = readEnvelope(request.payload);
      if (typeof envelope === 'string') return { status: 'refused', reason: envelope, definitive: true };
      const { caller } = envelope;
      const admitted = await side.transaction((db) => {
        const behaviour = readToolBehaviour(db);
        const inWindow =
          db.prepare('SELECT 1 FROM rate_windows WHERE from_ms <= ? AND ? < until_ms').get(caller.at_ms, caller.at_ms) !== undefined;
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO calls (life, worker, tool, args, request_key, at_ms, in_window, outcome)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'sent')`,
          )
          .run(caller.life, caller.worker, request.kind, JSON.stringify(envelope.args), request.key, caller.at_ms, inWindow ? 1 : 0);
        const ordinal = Number(lastInsertRowid);
        const stored = db.prepare('SELECT units, refilled_at_ms AS refilledAtMs FROM bucket WHERE id = 1').get() as BucketState | undefined;
        const take = takeToken(stored ?? fullBucket(behaviour.rateLimit, caller.at_ms), behaviour.rateLimit, caller.at_ms);
        db.prepare('INSERT OR REPLACE INTO bucket (id, units, refilled_at_ms) VALUES (1, ?, ?)').run(
          take.state.units,
          take.state.refilledAtMs,
        );
        if (take.granted) return { ordinal, behaviour };
        db.prepare('INSERT INTO rate_windows (from_ms, until_ms) VALUES (?, ?)').run(caller.at_ms, caller.at_ms + take.retryAfterMs);
        db.prepare(`UPDATE calls SET outcome = '429', duration_ms = 0 WHERE ordinal = ?`).run(ordinal);
        return { ordinal, behaviour, retryAfterMs: take.retryAfterMs };
      });
      if (admitted.retryAfterMs !== undefined) {
        return { status: 'refused', reason: RATE_LIMITED, definitive: false, retryAfterMs: admitted.retryAfterMs };
      }

      const inner: ReceiverRequest = { ...request, payload: envelope.args };
      const reply = await tool.handle(side, inner);
      const { behaviour, ordinal } = admitted;
      // A replay is answered from the receipt at once; a call the tool really ran takes its time.
      const replayed = reply.status === 'ok' && reply.replayed;
      const durationMs = replayed ? behaviour.callDurationMs : (behaviour.slowCalls[String(ordinal)] ?? behaviour.callDurationMs);
      const timedOut = durationMs > caller.timeout_ms;
      const loggedMs = timedOut ? caller.timeout_ms : durationMs;
      const outcome = timedOut ? 'timeout' : reply.status;
      await side.transaction((db) =>
        db.prepare('UPDATE calls SET outcome = ?, duration_ms = ? WHERE ordinal = ?').run(outcome, loggedMs, ordinal),
      );
      if (reply.status !== 'ok') return reply;
      const timed: TimedOutput = { output: reply.result, call: ordinal, duration_ms: loggedMs, timed_out: timedOut };
      return { status: 'ok', result: { ...timed }, replayed: reply.replayed };
    },
  };
}
