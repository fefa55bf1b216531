import type { ModelAction, Policy } from '../../../protocols/handover/types.js';
import { InvalidModelAnswer, ModelCallTimeout } from '../../../protocols/handover/guardrails/model-call.js';
import type { VirtualClock } from '../../engine/clock.js';
import { heartbeat, isWatched } from '../../engine/heartbeat.js';
import { invalidAnswer } from './policy-answer.js';
import { MODEL_CALL_TIMEOUT_MS } from './model-call-timeout.js';

/** How often a watched process says a call is still pending: well within the smallest life timeout a user would give. */
const PENDING_BEAT_MS = 250;

/**
 * The model as the world serves it: each call takes the model's latency on
 * the virtual clock. A call slower than the harness's timeout costs exactly
 * the timeout and fails, as a client that stops waiting sees it. The model
 * is given copies of the conversation and the tools (a policy that edits
 * them changes nothing the harness reads), and an answer that is not a
 * ModelAction (42, null, a reply whose text is no string) fails the call
 * with a sentence naming the policy, as a model that is down fails it.
 *
 * A promise from respond() (a user's model over the network) is also given
 * `wallTimeoutMs` of real time: one still pending then is a model timeout,
 * and the conversation goes on with the harness's fallback.
 */
export function timedModel(model: Policy, clock: VirtualClock, timeoutMs: number, wallTimeoutMs = MODEL_CALL_TIMEOUT_MS): Policy {
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
      // A watching parent measures the time since this line: a respond() that never returns is told from a slow life.
      heartbeat('model call');
      const answer: unknown = model.respond(structuredClone(conversation), structuredClone(tools));
      // A promise, or any thenable (a promise of another library): its value is the answer.
      const thenable = answer !== null && typeof answer === 'object' && typeof (answer as { then?: unknown }).then === 'function';
      if (thenable) return withinWallTime(answer as PromiseLike<unknown>, model.name, wallTimeoutMs).then(checked);
      heartbeat('model call settled');
      return checked(answer);
    },
  };
}

/**
 * The answer of an awaited call, or a ModelCallTimeout after `wallTimeoutMs`.
 * Real time is the point here: the user's respond() awaits a real model, and
 * only a wall clock timer tells a slow call from one that never settles. The
 * timer changes a history only when it fires, and a call that slow is told in
 * the guardrail log. While the call is pending, a watched process says so
 * every PENDING_BEAT_MS (the event loop is free: this is waiting, not a hang).
 */
function withinWallTime(answer: PromiseLike<unknown>, policy: string, wallTimeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const pending = isWatched() ? setInterval(() => heartbeat('model call pending'), PENDING_BEAT_MS) : undefined;
    const timer = setTimeout(() => {
      clearInterval(pending);
      heartbeat('model call timed out');
      reject(new ModelCallTimeout(`policy '${policy}' did not answer within ${wallTimeoutMs} ms of wall time (--model-timeout-ms)`));
    }, wallTimeoutMs);
    const settle = () => {
      clearTimeout(timer);
      clearInterval(pending);
      heartbeat('model call settled');
    };
    Promise.resolve(answer).then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
