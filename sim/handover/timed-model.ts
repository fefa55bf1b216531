import type { Policy } from '../../protocols/handover/types.js';
import type { VirtualClock } from '../engine/clock.js';

/**
 * The model as the world serves it: each call takes the model's latency on
 * the virtual clock. A call slower than the harness's timeout costs exactly
 * the timeout and fails, as a client that stops waiting sees it.
 */
export function timedModel(model: Policy, clock: VirtualClock, timeoutMs: number): Policy {
  return {
    name: model.name,
    respond(conversation, tools) {
      const latencyMs = Math.max(0, model.latencyMs?.(conversation) ?? 0);
      if (latencyMs >= timeoutMs) {
        clock.advanceMs(timeoutMs);
        throw new Error(`no answer within ${timeoutMs} ms`);
      }
      clock.advanceMs(latencyMs);
      return model.respond(conversation, tools);
    },
  };
}
