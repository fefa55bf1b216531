import type { EffectClient, HumanQueue } from '../../../protocols/openai-agents/types.js';
import type { JsonValue, ReceiverRequest } from '../../../protocols/receivers/types.js';
import type { WorkerContext } from '../../engine/family.js';
import { EFFECTS_RECEIVER, HUMAN_QUEUE } from './receivers.js';
import { toolIntention } from '../../../protocols/receivers/tool-calls.js';
import { handoverIntention } from './workload.js';

async function send(ctx: WorkerContext, receiver: string, request: Omit<ReceiverRequest, 'issuedAtMs'>, what: string): Promise<JsonValue> {
  const reply = await ctx.receiver(receiver).send({ ...request, issuedAtMs: ctx.nowMs() });
  if (reply.status === 'ok') return reply.result;
  throw new Error(`${what} was not applied: the receiver answered ${reply.status}`);
}

/** The agents' effect client on one worker's context: each apply is one request to the `effects` receiver. */
export function effectClient(ctx: WorkerContext, conversation: string): EffectClient {
  return {
    apply(tool, args, options) {
      const intentionId = toolIntention(tool, args);
      return send(ctx, EFFECTS_RECEIVER.name, { tenant: conversation, key: options?.key ?? intentionId, kind: tool, payload: args, intentionId }, tool);
    },
  };
}

/** The people's queue on one worker's context: each enqueue is one request to the `human-queue` receiver. */
export function humanQueue(ctx: WorkerContext, conversation: string): HumanQueue {
  return {
    enqueue(ticket, options) {
      const intentionId = handoverIntention(conversation);
      // Without a key of the user's, each request is a request of its own, as on a queue without idempotency keys.
      const key = options?.key ?? `${intentionId}:${ctx.life}:${ctx.nowMs()}`;
      return send(ctx, HUMAN_QUEUE.name, { tenant: conversation, key, kind: 'open_ticket', payload: ticket, intentionId }, 'the ticket');
    },
  };
}
