import type { ReceiverClient, ReceiverReply } from '../../../protocols/receivers/types.js';
import type { ToolCall, ToolClient, ToolReply } from '../../../protocols/plan/types.js';
import type { JsonValue } from '../../engine/history.js';
import type { WorldLife } from '../../engine/family.js';
import { RATE_LIMITED } from '../../transport/http/wire.js';
import type { TimedOutput, ToolCallEnvelope } from './tool-call-envelope.js';

/**
 * How the plan loop reaches the tool server: each call goes out through the
 * world's transport (in-process, or over HTTP) in an envelope that tells the
 * server's front door (tool-front-door.ts) who calls, the caller's virtual
 * now and its timeout. Everything the front door decides (the call log, the
 * 429 and its Retry-After, how long a slow tool takes, the timeout) is
 * decided and kept server-side; here virtual time passes by the duration the
 * server answered, or up to the timeout, as the caller waits it.
 */
export class ToolGateway implements ToolClient {
  constructor(
    private readonly client: ReceiverClient,
    private readonly life: WorldLife,
    private readonly worker: string,
  ) {}

  async call(call: ToolCall, timeoutMs: number): Promise<ToolReply> {
    const nowMs = this.life.clock.nowMs();
    const envelope: ToolCallEnvelope = {
      args: call.args,
      caller: { life: this.life.index, worker: this.worker, at_ms: nowMs, timeout_ms: timeoutMs },
    };
    this.record('invoke', { tool: call.tool, key: call.key, intention: call.intention, args: call.args });
    const reply = await this.client.send({
      tenant: 'agent',
      key: call.key,
      kind: call.tool,
      payload: envelope as unknown as JsonValue,
      issuedAtMs: nowMs,
      intentionId: call.intention,
    });
    if (reply.status === 'refused' && reply.reason === RATE_LIMITED) {
      const retryAfterMs = reply.retryAfterMs ?? 0;
      this.record('fail', { status: 429, retryAfterMs });
      return { status: 'rate-limited', retryAfterMs };
    }
    const answer = await this.answer(reply);
    this.record(answer.status === 'ok' ? 'ok' : answer.status === 'lost' || answer.status === 'timeout' ? 'info' : 'fail', { ...answer });
    return answer;
  }

  /** The reply as the loop sees it, once the virtual time the call took has passed (under stress, real time: the worker sleeps it). */
  private async answer(reply: ReceiverReply): Promise<ToolReply> {
    switch (reply.status) {
      case 'ok': {
        const timed = reply.result as unknown as TimedOutput;
        await this.life.clock.waitUntilMs(this.life.clock.nowMs() + timed.duration_ms);
        if (timed.timed_out) return { status: 'timeout', durationMs: timed.duration_ms };
        return { status: 'ok', output: timed.output, replayed: reply.replayed, durationMs: timed.duration_ms };
      }
      // A closed connection is noticed at once: no virtual time passes for a reply that never came.
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

  private record(type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op: 'tool-call', value });
  }
}
