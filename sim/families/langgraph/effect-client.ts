import { toolIntention } from '../../../protocols/receivers/tool-calls.js';
import type { EffectClient, ScriptedTurn } from '../../../protocols/langgraph/types.js';
import type { JsonValue } from '../../../protocols/receivers/types.js';
import type { WorkerContext } from '../../engine/family.js';
import { EFFECTS_RECEIVER } from './effects-receiver.js';

/**
 * A LangGraph task or checkpoint id (a UUID of version 5 or 6): drawn from
 * the wall clock and a random source, it is left out of the history, which
 * shows `task-id` in its place.
 */
const LANGGRAPH_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[56][0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The graph's effect client on one worker's context: each apply is one
 * request to the `effects` receiver, counted under the intention of the
 * scripted call it carries out (the same tool and arguments), which is the
 * user's module's own where it derives one.
 */
export function effectClient(ctx: WorkerContext, tenant: string, script: readonly ScriptedTurn[]): EffectClient {
  return {
    async apply(tool, args, options) {
      const plain = toolIntention(tool, args);
      const intentionId =
        script
          .flatMap((turn) => turn.toolCalls ?? [])
          .find(
            (call) =>
              call.intention !== undefined &&
              call.name === tool &&
              toolIntention(call.name, call.args as Record<string, JsonValue>) === plain,
          )?.intention ?? plain;
      const reply = await ctx.receiver(EFFECTS_RECEIVER.name).send({
        tenant,
        key: options?.key ?? intentionId,
        ...(options?.key === undefined ? {} : { keyShown: options.key.replace(LANGGRAPH_ID, 'task-id') }),
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
