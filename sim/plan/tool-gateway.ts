import type { ReceiverClient, ReceiverReply } from '../../protocols/receivers/types.js';
import type { ToolCall, ToolClient, ToolReply } from '../../protocols/plan/types.js';
import { immediateTransaction, type Connection } from '../engine/connections.js';
import type { JsonValue } from '../engine/history.js';
import type { WorldLife } from '../engine/family.js';
import { fullBucket, takeToken, type BucketState } from './token-bucket.js';
import { readToolBehaviour } from './tool-server.js';

/**
 * The tool server's front door, as an agent meets it: every call is logged
 * (tool, arguments, duration, outcome) before it is forwarded, the rate
 * limiter answers 429 with a Retry-After from its token bucket, and a call
 * that takes longer than the caller's timeout is abandoned at the timeout
 * (the tool may still have done its work). It keeps its state in the tool
 * server's own file, so it survives the agent's crashes as a remote would.
 * Virtual time passes here: a call takes its duration on the life's clock.
 */
export class ToolGateway implements ToolClient {
  constructor(
    private readonly server: Connection,
    private readonly client: ReceiverClient,
    private readonly life: WorldLife,
    private readonly worker: string,
  ) {}

  async call(call: ToolCall, timeoutMs: number): Promise<ToolReply> {
    const nowMs = this.life.clock.nowMs();
    const behaviour = readToolBehaviour(this.server);
    // The gateway's bookkeeping is the remote's own; under stress another process may hold the file's lock for a moment.
    const admitted = await this.life.retryBusy(() =>
      immediateTransaction(this.server, (db) => {
        const inWindow = db.prepare('SELECT 1 FROM rate_windows WHERE from_ms <= ? AND ? < until_ms').get(nowMs, nowMs) !== undefined;
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO calls (life, worker, tool, args, request_key, at_ms, in_window, outcome)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'sent')`,
          )
          .run(this.life.index, this.worker, call.tool, JSON.stringify(call.args), call.key, nowMs, inWindow ? 1 : 0);
        const ordinal = Number(lastInsertRowid);
        const stored = db.prepare('SELECT units, refilled_at_ms AS refilledAtMs FROM bucket WHERE id = 1').get() as BucketState | undefined;
        const take = takeToken(stored ?? fullBucket(behaviour.rateLimit, nowMs), behaviour.rateLimit, nowMs);
        db.prepare('INSERT OR REPLACE INTO bucket (id, units, refilled_at_ms) VALUES (1, ?, ?)').run(
          take.state.units,
          take.state.refilledAtMs,
        );
        if (take.granted) return { ordinal };
        db.prepare('INSERT INTO rate_windows (from_ms, until_ms) VALUES (?, ?)').run(nowMs, nowMs + take.retryAfterMs);
        db.prepare(`UPDATE calls SET outcome = '429', duration_ms = 0 WHERE ordinal = ?`).run(ordinal);
        return { ordinal, retryAfterMs: take.retryAfterMs };
      }),
    );
    this.record('invoke', { call: admitted.ordinal, tool: call.tool, key: call.key, intention: call.intention, args: call.args });
    if (admitted.retryAfterMs !== undefined) {
      this.record('fail', { status: 429, retryAfterMs: admitted.retryAfterMs });
      return { status: 'rate-limited', retryAfterMs: admitted.retryAfterMs };
    }

    const reply = await this.client.send({
      tenant: 'agent',
      key: call.key,
      kind: call.tool,
      payload: call.args,
      issuedAtMs: nowMs,
      intentionId: call.intention,
    });
    // A replay is answered from the receipt at once; a call the tool really ran takes its time.
    const replayed = reply.status === 'ok' && reply.replayed;
    const durationMs = replayed ? behaviour.callDurationMs : (behaviour.slowCalls[String(admitted.ordinal)] ?? behaviour.callDurationMs);
    const timedOut = durationMs > timeoutMs;
    // Virtual time moves on by the call's duration; under stress (real time) the worker sleeps it.
    await this.life.clock.waitUntilMs(this.life.clock.nowMs() + (timedOut ? timeoutMs : durationMs));
    const answer: ToolReply = timedOut ? { status: 'timeout', durationMs: timeoutMs } : toToolReply(reply, durationMs);
    await this.life.retryBusy(() =>
      immediateTransaction(this.server, (db) =>
        db
          .prepare('UPDATE calls SET outcome = ?, duration_ms = ? WHERE ordinal = ?')
          .run(answer.status, timedOut ? timeoutMs : durationMs, admitted.ordinal),
      ),
    );
    this.record(answer.status === 'ok' ? 'ok' : answer.status === 'lost' || answer.status === 'timeout' ? 'info' : 'fail', { ...answer });
    return answer;
  }

  private record(type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op: 'tool-call', value });
  }
}

function toToolReply(reply: ReceiverReply, durationMs: number): ToolReply {
  switch (reply.status) {
    case 'ok':
      return { status: 'ok', output: reply.result, replayed: reply.replayed, durationMs };
    case 'no-reply':
    case 'unavailable':
    case 'accepted':
      return { status: 'lost' };
    case 'rejected':
      return { status: 'refused', reason: reply.reason };
    case 'refused':
      return { status: 'refused', reason: reply.reason };
    case 'stale':
      return { status: 'refused', reason: 'stale' };
  }
}
