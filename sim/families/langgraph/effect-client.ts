import { canonicalJson } from '../../../protocols/receivers/fingerprint.js';
import type { EffectClient } from '../../../protocols/langgraph/types.js';
import type { JsonValue } from '../../../protocols/receivers/types.js';
import type { WorkerContext } from '../../engine/family.js';
import { EFFECTS_RECEIVER } from './effects-receiver.js';

/** The intention a tool call stands for: the tool and its arguments, which is how N is counted whatever key is sent. */
export function intentionOf(tool: string, args: Record<string, JsonValue>): string {
  return `${tool}:${canonicalJson(args)}`;
}

/** The graph's effect client on one worker's context: each apply is one request to the `effects` receiver. */
export function effectClient(ctx: WorkerContext, tenant: string): EffectClient {
  return {
    async apply(tool, args, options) {
      const intentionId = intentionOf(tool, args);
      const reply = await ctx.receiver(EFFECTS_RECEIVER.name).send({
        tenant,
        key: options?.key ?? intentionId,
        kind: tool,
        payload: args,
        issuedAtMs: ctx.nowMs(),
        intentionId,
      });
      if (reply.status === 'ok') return reply.result;
      throw new Error(`${tool} was not applied: the receiver answered ${reply.status}`);
    },
  };
}
