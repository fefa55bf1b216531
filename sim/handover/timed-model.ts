import type { ModelAction, Policy } from '../../protocols/handover/types.js';
import { InvalidModelAnswer } from '../../protocols/handover/guardrails/model-call.js';
import type { VirtualClock } from '../engine/clock.js';
import { invalidAnswer } from './policy-answer.js';

/**
 * The model as the world serves it: each call takes the model's latency on
 * the virtual clock. A call slower than the harness's timeout costs exactly
 * the timeout and fails, as a client that stops waiting sees it. The model
 * is given copies of the conversation and the tools (a policy that edits
 * them changes nothing the harness reads), and an answer that is not a
 * ModelAction (42, null, a reply whose text is no string) fails the call
 * with a sentence naming the policy, as a model that is down fails it.
 */
export function timedModel(model: Policy, clock: VirtualClock, timeoutMs: number): Policy {
  const checked = (answer: unknown): ModelAction => {
    const problem = invalidAnswer(model.name, answer);
    if (problem) throw new InvalidModelAnswer(problem);
    return answer as ModelAction;
  };
  return {
    name: model.name,
    respond(conversation, tools) {
      const latencyMs = Math.max(0, model.latencyMs?.(conversation) ?? 0);
      if (latencyMs >= timeoutMs) {
        clock.advanceMs(timeoutMs);
        throw new Error(`no answer within ${timeoutMs} ms`);
      }
      clock.advanceMs(latencyMs);
      const answer: unknown = model.respond(structuredClone(conversation), structuredClone(tools));
      // A promise, or any thenable (a promise of another library): its value is the answer.
      const thenable = answer !== null && typeof answer === 'object' && typeof (answer as { then?: unknown }).then === 'function';
      return thenable ? Promise.resolve(answer).then(checked) : checked(answer);
    },
  };
}
